// The precompiled header of the C front end (src/frontend/c), the only module that includes LLVM: the
// libraries' header and the LLVM IR headers most of its files include.
#pragma once

#include "Common.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
