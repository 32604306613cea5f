#!/usr/bin/env python3
"""Checks the SV-COMP witnesses an `argus bench --witnesses` run wrote (*.witness.yml below its folder)
against argus's JSON schema of formats 2.0 and 2.1, and counts what `argus validate` said of them (the TSV's
`witness` column).

Usage: check_witnesses.py BENCH_FOLDER SCHEMA --min N [--min-confirmed M]
Fails (exit 1) when a witness does not parse as YAML or does not match the schema, when fewer than N
witnesses were found (so that a run that wrote none cannot pass), or when fewer than M were confirmed.
"""
import argparse
import json
import pathlib
import sys

try:
    import jsonschema
    import yaml
except ImportError as missing:  # the set-up script installs python3-yaml and python3-jsonschema
    sys.exit(f"check_witnesses: {missing}: install python3-yaml and python3-jsonschema (scripts/setup.sh)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("schema")
    parser.add_argument("--min", type=int, default=1)
    parser.add_argument("--min-confirmed", type=int, default=0)
    args = parser.parse_args()
    schema = json.loads(pathlib.Path(args.schema).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(pathlib.Path(args.folder).rglob("*.witness.yml"))
    bad = 0
    kinds = {}
    for path in files:
        try:
            document = yaml.safe_load(path.read_text())
        except yaml.YAMLError as error:
            print(f"{path}: not YAML: {error}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        for error in errors[:3]:
            where = "/".join(str(p) for p in error.path)
            print(f"{path}: {where}: {error.message}")
        bad += bool(errors)
        if not errors:
            kind = document[0]["entry_type"]
            kinds[kind] = kinds.get(kind, 0) + 1
    print(f"check_witnesses: {len(files)} witnesses, {bad} invalid; valid: "
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    verdicts = {}
    for tsv in pathlib.Path(args.folder).rglob("*.tsv"):
        lines = tsv.read_text().splitlines()
        header = lines[0].split("\t") if lines else []
        if "witness" not in header:
            continue  # a TSV of another suite, or of an older argus
        column = header.index("witness")
        for line in lines[1:]:
            said = line.split("\t")[column]
            if said:
                verdicts[said] = verdicts.get(said, 0) + 1
    print("check_witnesses: argus validate: " + (", ".join(f"{n} {k}" for k, n in sorted(verdicts.items())) or "nothing"))
    failed = bool(bad)
    if len(files) < args.min:
        print(f"check_witnesses: fewer than {args.min} witnesses in {args.folder}")
        failed = True
    if verdicts.get("confirmed", 0) < args.min_confirmed:
        print(f"check_witnesses: fewer than {args.min_confirmed} witnesses confirmed")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
