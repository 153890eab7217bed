import Foundation
import TransitLua

// `transit new animator|presentation|interaction|scene|spec NAME [DIR]`: a commented starting script
// DIR/NAME.lua (a spec: DIR/NAME_spec.lua, busted's naming), made from the template scripts/templates/KIND.lua (Lua files, so they are linted,
// run and checked like any shipped script), and DIR/.luarc.json pointing LuaLS at this
// installation's API stubs by absolute path, so completion works wherever DIR is. Then prints the
// next three commands to try. Never overwrites: an existing NAME.lua is an error (exit 1), an
// existing .luarc.json is kept (a note says what to add to it if it lacks the stubs).

/// Each template's placeholder class name, replaced (as a whole word) by NAME.
let newTemplates: [(kind: String, placeholder: String)] = [
    ("animator", "MyAnimator"), ("presentation", "MyPresentation"),
    ("interaction", "MyInteraction"), ("scene", "MyScene"), ("spec", "MySpec"),
]

func commandNew(_ arguments: ArraySlice<String>) throws -> Int32 {
    let kinds = newTemplates.map(\.kind).joined(separator: "|")
    let positional: [String]
    do {
        positional = try Commands.new.parse(arguments).operands
    } catch let error as UsageError where error.isMissingOperands || error.isUnexpectedArgument {
        throw UsageError(message: "usage: transit new \(kinds) NAME [DIR]")
    }
    let kind = positional[0], name = positional[1]
    guard let template = newTemplates.first(where: { $0.kind == kind }) else {
        throw UsageError(message: "unknown kind \"\(kind)\"; expected one of: \(newTemplates.map(\.kind).joined(separator: ", "))")
    }
    if let problem = NewScriptName.problem(with: name) { throw UsageError(message: "bad NAME \"\(name)\": \(problem)") }
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw UsageError(message: "no scripts directory (set TRANSIT_PATH)") }
    let templateFile = scripts.appendingPathComponent("templates/\(kind).lua")
    guard let source = try? String(contentsOf: templateFile, encoding: .utf8) else {
        FileHandle.standardError.write(Data("transit: the template \(templateFile.path) is missing from this installation\n".utf8))
        return 1
    }

    let directoryPath = positional.count == 3 ? positional[2] : "."
    let directory = URL(fileURLWithPath: directoryPath)
    let fileName = kind == "spec" ? "\(name)_spec.lua" : "\(name).lua"
    let script = directory.appendingPathComponent(fileName)
    let shown = directoryPath == "." ? fileName : (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/") + fileName
    if FileManager.default.fileExists(atPath: script.path) {
        FileHandle.standardError.write(Data("transit: \(shown) already exists; not overwriting it (choose another NAME or DIR)\n".utf8))
        return 1
    }
    let text = source.replacingOccurrences(of: "\\b\(template.placeholder)\\b", with: name, options: .regularExpression)
    let stubs = scripts.appendingPathComponent("types").standardizedFileURL.path
    let luarc = directory.appendingPathComponent(".luarc.json")
    let luarcShown = directoryPath == "." ? ".luarc.json" : (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/") + ".luarc.json"
    var luarcNote: String
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // withoutOverwriting: a file made between the check above and now is not replaced.
        try Data(text.utf8).write(to: script, options: .withoutOverwriting)
        if let existing = try? String(contentsOf: luarc, encoding: .utf8) {
            luarcNote = existing.contains(stubs)
                ? "kept the existing \(luarcShown) (it already points at the stubs)"
                : "kept the existing \(luarcShown); add \"\(stubs)\" to its \"workspace.library\" for completion"
        } else {
            try Data(NewScriptName.luarc(stubs: stubs).utf8).write(to: luarc, options: .withoutOverwriting)
            luarcNote = "wrote \(luarcShown) (LuaLS reads the API from \(stubs))"
        }
    } catch {
        FileHandle.standardError.write(Data("transit: cannot write \(shown): \((error as NSError).localizedDescription)\n".utf8))
        return 1
    }
    let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    print("wrote \(shown) (\(article) \(kind), from \(LuaRuntime.displayPath(templateFile)))")
    print(luarcNote)
    print("next:")
    let quoted = shown.contains(" ") ? "'\(shown)'" : shown
    let checkNote = kind == "scene" ? "run it on iPhone SE, iPhone 15 and iPad and report problems"
        : "every device, animated and not" + (kind == "interaction" ? ", the gesture finishing and cancelling" : "")
    let commands = kind == "spec" ? [
        ("transit lua --spec \(quoted)", "run it with Transit's own runner: a line per test"),
        ("busted --lua=\"transit lua\" \(quoted)", "run it with busted (lua-busted), -o TAP or -o junit for CI"),
    ] : [
        ("transit run \(quoted) --trace", kind == "scene" ? "run it and print every call UIKit made" : "present and dismiss it in the default scene, with the trace"),
        ("transit watch \(quoted) --serve", "a live player on http://127.0.0.1:7878/ that follows every save"),
        ("transit check \(quoted)", checkNote),
    ]
    let width = commands.map(\.0.count).max() ?? 0
    for (command, note) in commands {
        print("  " + command + String(repeating: " ", count: width - command.count) + "   # " + note)
    }
    return 0
}

enum NewScriptName {
    /// Why NAME cannot be the script's class (and file) name, or nil when it can: it must be a
    /// Lua identifier that neither is a keyword nor hides a global the script needs.
    static func problem(with name: String) -> String? {
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            return "it must be a Lua identifier (letters, digits and _, not starting with a digit), such as FadeUp"
        }
        if luaKeywords.contains(name) { return "it is a Lua keyword" }
        let api = LuaRuntime.apiDescription
        if api.classes.contains(where: { $0.name == name }) || api.unavailableClasses.contains(name) || name == api.namespace.name
            || luaGlobals.contains(name) {
            return "it is the name of a global the script uses; choose another, such as My\(name.prefix(1).uppercased() + name.dropFirst())"
        }
        return nil
    }

    static let luaKeywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]
    static let luaGlobals: Set<String> = ["assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
                                          "rawlen", "rawset", "require", "select", "setmetatable", "getmetatable", "tonumber",
                                          "tostring", "type", "xpcall", "warn", "math", "string", "table", "utf8", "coroutine",
                                          "os", "io", "debug", "package", "load", "_G", "_ENV", "_VERSION"]

    /// LuaLS settings for a project outside the repository: the stubs by absolute path.
    static func luarc(stubs: String) -> String {
        let library = String(decoding: (try? JSONSerialization.data(withJSONObject: [stubs], options: [.withoutEscapingSlashes])) ?? Data("[]".utf8), as: UTF8.self)
        return """
        {
          "runtime.version": "Lua 5.4",
          "workspace.library": \(library),
          "workspace.checkThirdParty": false,
          "diagnostics.globals": ["transit"]
        }

        """
    }
}
