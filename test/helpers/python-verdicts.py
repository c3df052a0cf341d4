"""The verdicts of python3-jsonschema on the published schemas (test/published-languages.test.ts).

Reads {"schemas": <folder of generated/schemas>, "cases": [{"id": <$id>, "data": <value>}]} on standard input and
prints {"version": ..., "formats": [...], "asserts_formats": true, "verdicts": [true | false, ...]}: each case
validated with Draft 2020-12 and formats asserted (a FormatChecker; "asserts_formats" says that it refuses
`2026-02-30` as a `date`, and "formats" names the formats it knows). Runs with Debian's python3-jsonschema (4.10, RefResolver) and with newer
releases (4.18 and later, the referencing registry).
"""

import json
import sys
from importlib import metadata
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker

request = json.load(sys.stdin)
schemas = {}
for file in sorted(Path(request["schemas"]).glob("*/*.schema.json")):
    schema = json.loads(file.read_text(encoding="utf-8"))
    schemas[schema["$id"]] = schema

try:
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (schema_id, Resource.from_contents(schema)) for schema_id, schema in schemas.items()
    )

    def validator(schema):
        return Draft202012Validator(schema, registry=registry, format_checker=FormatChecker())

except ImportError:
    from jsonschema import RefResolver

    def validator(schema):
        resolver = RefResolver.from_schema(schema, store=schemas)
        return Draft202012Validator(schema, resolver=resolver, format_checker=FormatChecker())


validators = {schema_id: validator(schema) for schema_id, schema in schemas.items()}
print(
    json.dumps(
        {
            "version": metadata.version("jsonschema"),
            "formats": sorted(FormatChecker().checkers),
            "asserts_formats": not validator({"format": "date"}).is_valid("2026-02-30"),
            "verdicts": [validators[case["id"]].is_valid(case["data"]) for case in request["cases"]],
        }
    )
)
