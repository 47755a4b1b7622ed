#!/usr/bin/env python3
"""Writes the compile-time benchmark's package: the same public models as `@DictionaryModel` and as plain
`Codable` structs, in modules of their own, and a client module for each that decodes them.

    generate.py PACKAGE_DIR MODELKIT_PATH WIDTH... --many COUNTxPROPERTIES

Each wide model mixes what models hold: integers, text, doubles, optionals, keys renamed with `@Key` (a
`CodingKeys` case with its own raw value on the Codable side), defaults, a nested model and an array of models.
"""
import os
import sys


def properties(count, nested_type):
    """(name, type, default, key) for `count` properties, in a fixed rotation of eight kinds.

    The nested model held in place is always `Leaf`: a struct that held two optionals of the model before it
    would double in size at each model of a chain. Arrays, held by reference, name `nested_type`.
    """
    result = []
    for index in range(count):
        kind = index % 8
        if kind == 0:
            result.append((f"count{index}", "Int", "0", None))
        elif kind == 1:
            result.append((f"name{index}", "String?", None, None))
        elif kind == 2:
            result.append((f"ratio{index}", "Double", "1.5", None))
        elif kind == 3:
            result.append((f"flag{index}", "Bool?", None, None))
        elif kind == 4:
            result.append((f"renamed{index}", "String", '""', f"renamed_{index}"))
        elif kind == 5:
            result.append((f"text{index}", "String", None, None))
        elif kind == 6:
            result.append((f"nested{index}", "Leaf?", None, None))
        else:
            result.append((f"nestedList{index}", f"[{nested_type}]", "[]", None))
    return result


def model_source(name, props, modelkit):
    lines = []
    if modelkit:
        lines.append("@DictionaryModel")
        lines.append(f"public struct {name} {{")
    else:
        lines.append(f"public struct {name}: Codable {{")
    for (prop, type_name, default, key) in props:
        prefix = f'@Key("{key}") ' if (modelkit and key) else ""
        suffix = f" = {default}" if default is not None else ""
        lines.append(f"    {prefix}public var {prop}: {type_name}{suffix}")
    if not modelkit and any(key for (_, _, _, key) in props):
        lines.append("")
        lines.append("    enum CodingKeys: String, CodingKey {")
        for (prop, _, _, key) in props:
            lines.append(f'        case {prop} = "{key}"' if key else f"        case {prop}")
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def leaf_source(modelkit):
    props = [("id", "Int", "0", None), ("title", "String?", None, None)]
    return model_source("Leaf", props, modelkit)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def main():
    package, modelkit_path = sys.argv[1], sys.argv[2]
    widths = []
    many = None
    arguments = sys.argv[3:]
    while arguments:
        argument = arguments.pop(0)
        if argument == "--many":
            count, per_model = arguments.pop(0).split("x")
            many = (int(count), int(per_model))
        else:
            widths.append(int(argument))
    targets = []
    for flavour, modelkit in (("Model", True), ("Codable", False)):
        imports = "import ModelKit\n\n" if modelkit else "import Foundation\n\n"
        dependency = '[.product(name: "ModelKit", package: "ModelKit")]' if modelkit else "[]"
        decode = (
            "try? {name}(data: Data(\"{{}}\".utf8))"
            if modelkit
            else "try? JSONDecoder().decode({name}.self, from: Data(\"{{}}\".utf8))"
        )
        client_calls = []
        client_modules = []
        for width in widths:
            module = f"Wide{width}{flavour}"
            write(f"{package}/Sources/{module}/Leaf.swift", imports + leaf_source(modelkit))
            write(
                f"{package}/Sources/{module}/Wide{width}.swift",
                imports + model_source(f"Wide{width}", properties(width, "Leaf"), modelkit),
            )
            targets.append(f'.target(name: "{module}", dependencies: {dependency})')
            client_modules.append(module)
            client_calls.append(decode.format(name=f"{module}.Wide{width}"))
        if many:
            count, per_model = many
            module = f"Many{flavour}"
            for index in range(count):
                # Each model nests the one before it, as models of one API do.
                nested = f"Item{index - 1}" if index > 0 else "Leaf"
                write(
                    f"{package}/Sources/{module}/Item{index}.swift",
                    imports + model_source(f"Item{index}", properties(per_model, nested), modelkit),
                )
            write(f"{package}/Sources/{module}/Leaf.swift", imports + leaf_source(modelkit))
            targets.append(f'.target(name: "{module}", dependencies: {dependency})')
            client_modules.append(module)
            client_calls.extend(decode.format(name=f"{module}.Item{index}") for index in range(count))
        client = f"Client{flavour}"
        body = "".join(f"import {module}\n" for module in client_modules)
        body += "import ModelKit\n" if modelkit else ""
        body += "import Foundation\n\n/// Decodes every model of the modules above, from another module.\npublic func decodeAll() {\n"
        body += "".join(f"    _ = {call}\n" for call in client_calls)
        body += "}\n"
        write(f"{package}/Sources/{client}/DecodeAll.swift", body)
        client_dependencies = ", ".join(f'"{module}"' for module in client_modules)
        if modelkit:
            client_dependencies += ', .product(name: "ModelKit", package: "ModelKit")'
        targets.append(f'.target(name: "{client}", dependencies: [{client_dependencies}])')
    target_list = ",\n        ".join(targets)
    manifest = f"""// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "CompileTimeBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "ModelKit", path: "{modelkit_path}")],
    targets: [
        {target_list}
    ],
    swiftLanguageModes: [.v6]
)
"""
    write(f"{package}/Package.swift", manifest)


if __name__ == "__main__":
    main()
