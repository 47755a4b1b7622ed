#!/usr/bin/env python3
"""Writes hand-shaped variants of a compile-benchmark model module, to time shapes the macro does not write.

    transform.py PACKAGE_DIR BUILD_LOG MODULE

PACKAGE_DIR is the compile benchmark's generated package (`generate.py`) with this folder's `TableCore` target
added; BUILD_LOG the output of `swift build -c release -v` of that package, from which MODULE's compile command is
taken and run again with `-dump-macro-expansions`. For MODULE (say `ManyModel`) it writes, beside it:

    MODULECur    the expansion pasted as source, as the macro writes it (checks that pasting costs nothing)
    MODULETab    decoding through a table of field slots interpreted by TableCore; encoding as the macro writes it
    MODULETabK   the table in the JSON and Foundation-object entry points only, the generic initializer as written
    MODULETabD   MODULETabK's table under `#if !DEBUG`, the entry points as the macro writes them under `#else`
    MODULETabS   …and the entry points encoding through the generic `encode` (ModelEntryPoints.encodeGenerically)
    MODULETabG   …and properties that hold other models decoded by code compiled once in TableCore, generic

Each needs a `.target` in PACKAGE_DIR/Package.swift (the `Tab` ones depending on "TableCore"). An experiment,
not a product: see README.md beside it and Benchmarks/NOTES.md (2026-11-28, 17:30).
"""
import os
import re
import subprocess
import sys

SCALARS = {name + optional for name in ("Int", "String", "Double", "Bool", "Int64") for optional in ("", "?")}


def expansions(build_log, module):
    """The extensions the macro wrote for MODULE, from its compile command run again with the expansions dumped."""
    command = next((
        line for line in open(build_log).read().splitlines()
        if "swift-frontend -frontend -c" in line and f"-module-name {module} " in line), None)
    if command is None:
        sys.exit(f"transform.py: no compile command of {module} in {build_log} (build it with -v)")
    # SwiftPM hands the frontend temporary files that are gone after the build: the supplementary output map, and
    # for a module of many files the lists of its sources and outputs. The sources are also in the module's
    # `sources` file beside its objects; one output file will do for a dump.
    command = re.sub(r"-supplementary-output-file-map \S+", "", command)
    if "-filelist " in command:
        modules = re.search(r"-I (\S+)/Modules ", command).group(1)
        sources = open(f"{modules}/{module}.build/sources").read().split()
        command = re.sub(r"-filelist \S+", " ".join(sources), command)
        command = re.sub(r"-output-filelist \S+", "-o /dev/null", command)
        command = re.sub(r"-num-threads \S+", "", command)
    run = subprocess.run(["bash", "-c", command + " -dump-macro-expansions"], capture_output=True, text=True)
    blocks = re.split(r"^@__swiftmacro_\S+\n-{30}\n", run.stdout + run.stderr, flags=re.M)
    texts = (block.split("\n------------------------------")[0] for block in blocks[1:])
    found = [text.rstrip() + "\n" for text in texts if text.strip().startswith("extension")]
    if not found:
        sys.exit(f"transform.py: no expansions of {module}; the compiler said:\n{run.stderr[-2000:]}")
    return found


def without_generic_branch(extension):
    """The entry points compiled for each reader (the `#else` branch), without the `MODELKIT_GENERIC_MODELS` one."""
    extension = re.sub(r"    #if MODELKIT_GENERIC_MODELS\n.*?    #else\n", "", extension, flags=re.S)
    return extension.replace("    #endif\n", "")


def tabulated(extension):
    """Decoding through `TableCore`: a slot per key, `_complete` for what follows the key loop."""
    cases = re.findall(r"case (\d+):  // .*\n\s+try self\.(\w+)\.decode\(priority: (\d+), keyAt: \d+", extension)
    by_index = {int(index): (name, priority) for index, name, priority in cases}
    assert sorted(by_index) == list(range(len(by_index))), "a key without a plain slot"
    slots = ",\n".join(
        f"        TableCore.FieldSlot(\\_DecodingFields.{by_index[i][0]}, priority: {by_index[i][1]})"
        for i in range(len(by_index)))
    initializer = re.search(
        r"    (public |package )?init<R: ModelKit.ModelReader>\(from reader: inout R, context: borrowing "
        r"ModelKit.DecodingContext\) throws \{\n(.*?)\n    \}\n", extension, flags=re.S)
    access, body = initializer.group(1) or "", initializer.group(2)
    guard = re.search(r"(        guard try reader.beginDictionary\(\) else \{\n.*?\n        \})", body, flags=re.S).group(1)
    arguments = re.search(r"        self\.init\((.*)\)\n", body).group(1)

    def loop(function):
        return (
            "        let keys = Self.modelKeys.table(for: context.options.keyStrategy)\n"
            "        var fields = _DecodingFields.start()\n"
            f"        try withUnsafeMutablePointer(to: &fields) {{ try TableCore.{function}(UnsafeMutableRawPointer($0), "
            "slots: Self._slots, keys: keys, from: &reader, context: context) }\n")

    replacement = (
        f"    static let _slots: [TableCore.FieldSlot] = [\n{slots}\n    ]\n\n"
        "    static func _complete(_ fields: inout _DecodingFields, keys: ModelKit.KeyTable, context: borrowing "
        "ModelKit.DecodingContext) throws -> Self {\n"
        "        try fields.finish(in: keys, context: context)\n"
        f"        var model = Self({arguments})\n"
        "        try model.modelDidDecode(context: context)\n"
        "        try context.validate(model)\n"
        "        return model\n"
        "    }\n\n"
        f"    {access}init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) "
        "throws {\n"
        f"{guard}\n{loop('decodeFields')}"
        "        self = try Self._complete(&fields, keys: keys, context: context)\n"
        "    }\n")
    extension = extension[:initializer.start()] + replacement + extension[initializer.end():]
    for name, reader, function in (
            ("_decodeJSON", "JSONReader", "decodeFieldsJSON"),
            ("_decodeObjects", "FoundationObjectReader", "decodeFieldsObjects")):
        extension = re.sub(
            r"(    (?:public |package )?static func " + name + r"\(from reader: inout ModelKit\." + reader
            + r", context: borrowing ModelKit.DecodingContext\) throws -> Self \{\n).*?\n    \}\n",
            lambda match: match.group(1) + guard + "\n" + loop(function)
            + "        return try Self._complete(&fields, keys: keys, context: context)\n    }\n",
            extension, flags=re.S)
    # The per-key switch is the table's now.
    return re.sub(
        r"        mutating func decode<R: ModelKit.ModelReader>\(keyAt index.*?\n        \}\n\n", "", extension,
        flags=re.S)


def encoding_generically(extension):
    """The JSON and Foundation-object entry points encoding through ModelKit's generic `encode`."""
    return re.sub(
        r"(func _encode(?:JSON|Objects)\(to writer: inout ModelKit\.\w+, context: ModelKit.EncodingContext\) throws "
        r"\{\n)        try encode\(to: &writer, context: context\)",
        r"\1        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)", extension)


def nested_compiled_once(extension):
    """Slots of properties that are not common scalars take TableCore's generic decoders, compiled once there."""
    types = dict(re.findall(r"fileprivate var (\w+): ModelKit\.Field<(.*)>\n", extension))

    def slot(match):
        scalar = types[match.group(1)] in SCALARS
        return match.group(0) if scalar else match.group(0).replace("FieldSlot(", "FieldSlot(nested: ")

    return re.sub(r"FieldSlot\(\\_DecodingFields\.(\w+),", slot, extension)


SLOTS = r"    static let _slots.*?\n    \]\n\n"
COMPLETE = r"    static func _complete.*?\n    \}\n\n"


def entry_point(name):
    """The pattern of the decoding entry point `name` (`_decodeJSON`, `_decodeObjects`)."""
    return r"    (?:public |package )?static func " + name + r"\(.*?\n    \}\n"


def member(text, pattern):
    """The first member of `text` that `pattern` matches."""
    return re.search(pattern, text, flags=re.S).group(0)


def before_initializer(text, members):
    """`text` with `members` inserted before the generic decoding initializer."""
    initializer = re.search(r"    (?:public |package )?init<R: ModelKit.ModelReader>", text).start()
    return text[:initializer] + members + text[initializer:]


def table_entry_points(extension):
    """The table in the JSON and Foundation-object entry points only; the generic initializer keeps its key switch."""
    written = without_generic_branch(extension)
    table = tabulated(written)
    for name in ("_decodeJSON", "_decodeObjects"):
        table_entry_point = member(table, entry_point(name))
        written = re.sub(entry_point(name), lambda match: table_entry_point, written, count=1, flags=re.S)
    return before_initializer(written, member(table, SLOTS) + member(table, COMPLETE))


def table_entry_points_in_release(extension):
    """`table_entry_points` under `#if !DEBUG`, the entry points as the macro writes them under `#else`."""
    written = without_generic_branch(extension)
    table = tabulated(written)
    names = ("_decodeJSON", "_decodeObjects")
    written_entry_points = [member(written, entry_point(name)) for name in names]
    for name in names:
        written = re.sub(entry_point(name), "", written, count=1, flags=re.S)
    block = (
        "    #if !DEBUG\n" + member(table, SLOTS) + member(table, COMPLETE)
        + "\n".join(member(table, entry_point(name)) for name in names)
        + "    #else\n" + "\n".join(written_entry_points) + "    #endif\n\n")
    return before_initializer(written, block)


VARIANTS = {
    "Cur": lambda extension: extension,
    "Tab": lambda extension: tabulated(without_generic_branch(extension)),
    "TabK": table_entry_points,
    "TabD": table_entry_points_in_release,
    "TabS": lambda extension: encoding_generically(tabulated(without_generic_branch(extension))),
    "TabG": lambda extension: nested_compiled_once(encoding_generically(tabulated(without_generic_branch(extension)))),
}


def main():
    package, build_log, module = sys.argv[1:4]
    extensions = expansions(build_log, module)
    sources = f"{package}/Sources/{module}"
    declarations = {}
    for name in sorted(os.listdir(sources)):
        text = open(f"{sources}/{name}").read().replace("@DictionaryModel\n", "")
        declarations[name] = re.sub(r'@Key\("[^"]*"\) ', "", text)
    for suffix, variant in VARIANTS.items():
        folder = f"{package}/Sources/{module}{suffix}"
        os.makedirs(folder, exist_ok=True)
        for name, text in declarations.items():
            open(f"{folder}/{name}", "w").write(text)
        imports = "import ModelKit\n" + ("import TableCore\n" if suffix.startswith("Tab") else "")
        open(f"{folder}/Expansions.swift", "w").write(imports + "\n" + "\n".join(map(variant, extensions)))
    print(f"{module}: {len(extensions)} extensions, variants {' '.join(VARIANTS)}")


if __name__ == "__main__":
    main()
