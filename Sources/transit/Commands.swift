import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// Every command, declared once: its operands, what it does, and its options (Arguments.swift
// reads these to parse, to check, to print both helps and to write the shell completions).

/// Options several commands share, declared once each.
enum SharedOption {
    static let scene = OptionSpec(names: ["--scene"], value: .existingFile(placeholder: "S"), help: "the scene an effect runs in (default: scripts/scenes/default.lua)")
    static let device = OptionSpec(names: ["--device"], value: .device, help: "the device profile (default: \(Device.defaultProfile.name))")
    static let ios = OptionSpec(names: ["--ios"], value: .checkedText(placeholder: "N", check: { _ = try parseSystemVersion($0, flag: "--ios") }),
                                help: "the iOS version the world behaves as, \(formatNumber(World.supportedSystemVersions.lowerBound))...\(formatNumber(World.supportedSystemVersions.upperBound)) (default 17)")
    static let unsafe = OptionSpec(names: ["--unsafe"], value: .flag, help: "lift the sandbox (io, os, require of C modules): for your own scripts only")
    static let budget = OptionSpec(names: ["--budget"], value: .integer(placeholder: "N", range: 1...Int(Int64.max)), help: "Lua instructions a scene may run (default 100000000)")
    static let memory = OptionSpec(names: ["--memory"], value: .integer(placeholder: "MB", range: 1...8192), help: "megabytes of Lua memory (default 256)")
    static let allowRead = OptionSpec(names: ["--allow-read"], value: .existingDirectory(placeholder: "DIR"), help: "another directory transit.image may read (repeatable)", repeats: true)
    static let output = OptionSpec(names: ["-o", "--output"], value: .text(placeholder: "OUT"),
                                   help: "the output, its format chosen by its name: " + OutputFormats.entries.map { $0.extensions.map { "." + $0 }.joined(separator: "/") + " " + $0.summary }.joined(separator: "; ") + "; no extension: a directory of PNG frames")
    static let fps = OptionSpec(names: ["--fps"], value: .number(placeholder: "N", range: 1...120), help: "frames per second of virtual time (default 30)")
    static let scale = OptionSpec(names: ["--scale"], value: .checkedText(placeholder: "S|device", check: { text in
        guard text == "device" || (Double(text).map { $0 > 0 && $0 <= 4 } ?? false) else {
            throw UsageError(message: "--scale needs a number in (0, 4] or \"device\" (got \(text))")
        }
    }), help: "pixels per point, or the device profile's own scale (default 1)")
    static let noStatusBar = OptionSpec(names: ["--no-status-bar"], value: .flag, help: "frames show the window alone, without the status bar drawn over it")
    static let tty = OptionSpec(names: ["--tty"], value: .flag, help: "play in the terminal (space, ←/→, r, q) instead of writing a file")
    static let quality = OptionSpec(names: ["--quality"], value: .integer(placeholder: "Q", range: 0...100), help: "video and WebP quality, 0...100 (default: each format's, docs/formats.md)")
    static let lossless = OptionSpec(names: ["--lossless"], value: .flag, help: "animated WebP without loss")
    static let playerFrames = OptionSpec(names: ["--player-frames"], value: .choice(["png", "webm", "mp4"]),
                                         help: "how an HTML player carries its frames: PNG images (default) or one video stream (a fraction of the size; the scrubber seeks it)")

    static let cellJobs = OptionSpec(names: ["--jobs"], value: .integer(placeholder: "N", range: 1...64),
                                     help: "cells at a time (default: the number of cores; the report is the same)")

    static let world = [scene, device, ios]
    static let sandbox = [unsafe, budget, memory, allowRead]
    static let frames = [fps, scale, noStatusBar, quality, lossless, playerFrames]
}

enum Commands {
    static let run = CommandSpec(name: "run", operands: "FILE", summary: """
        run a scene (a Lua file that returns nothing) on virtual time, or an
        effect (a file that returns an animator, delegate or presentation
        controller) inside the default scene or --scene S; print its log,
        the trace with --trace, and any problems (exit 1 if any)
        """, options: SharedOption.world + [OptionSpec(names: ["--trace"], value: .flag, help: "print every hook call and state change")] + SharedOption.sandbox,
        operandCount: 1...1)

    static let check = CommandSpec(name: "check", operands: "FILE...", summary: """
        run each effect through a matrix (present and dismiss, animated and
        not, interactive finish and cancel when it declares a gesture, iPhone SE,
        iPhone 15 and iPad; full adds iPad landscape, more gesture distances and
        a rotation mid-presentation; each cell in a fresh world, its path run
        twice), once per iOS version of --ios LIST (such as 12,15,17,18; each in
        7...18; default 8, the first with ctx:view, and 18, the newest Transit
        models), and report each cell's problems by id, the cell naming its
        version (docs/check.md); --format json and junit are for CI; exit 1 if
        a cell failed, 2 for bad usage
        """, options: [
            OptionSpec(names: ["--matrix"], value: .choice(["quick", "full"]), help: "quick (default) or full"),
            SharedOption.device,
            OptionSpec(names: ["--ios"], value: .checkedText(placeholder: "LIST", check: { _ = try parseSystemVersionList($0) }), help: "comma-separated iOS versions (default 8,18)"),
            OptionSpec(names: ["--format"], value: .choice(["text", "json", "junit"]), help: "the report's form (default text)"),
            SharedOption.cellJobs,
        ], operandCount: 1...Int.max)

    static let test = CommandSpec(name: "test", operands: "[PATH...]", summary: """
        test every effect and spec under each PATH (files or directories,
        default .): each effect is checked as check does (quick matrix) and
        compared with its golden reference, NAME.golden/ beside NAME.lua or
        under --golden DIR (its timeline within the tolerances of its
        "-- transit-test:" header line, its frames pixel by pixel); scenes run
        as tests (transit.expect); *_spec.lua files run under busted when it
        is on PATH, else under transit lua --spec. Mismatched frames and
        timelines go to an HTML report (docs/testing.md); exit 1 if a test
        failed, 2 for bad usage
        """, options: [
            OptionSpec(names: ["--record"], value: .flag, help: "write every effect's golden reference instead of comparing"),
            OptionSpec(names: ["--update"], value: .flag, help: "compare, and rewrite the references that differ or are missing"),
            OptionSpec(names: ["--golden"], value: .text(placeholder: "DIR"), help: "keep the references under DIR, mirroring the effects' paths, instead of beside them"),
            OptionSpec(names: ["--report"], value: .text(placeholder: "DIR"), help: "where the HTML report of mismatches goes (default transit-test-report)"),
            OptionSpec(names: ["--format"], value: .choice(["text", "json", "junit"]), help: "the result's form (default text)"),
            SharedOption.cellJobs,
        ], operandCount: 0...Int.max)

    static let render = CommandSpec(name: "render", operands: "FILE", summary: """
        run a scene (or an effect in the default scene) and render it into
        OUT (its format chosen by its name: see -o) or play it with --tty.
        Default OUT: FILE's name with .gif; default scale 1 (device: the
        profile's scale); the status bar is drawn over the app as on a device
        (time 9:41, the style the controllers ask for) unless --no-status-bar.
        A failed run leaves OUT as it was
        """, options: [SharedOption.output, SharedOption.tty] + SharedOption.frames + SharedOption.world + SharedOption.sandbox,
        operandCount: 1...1)

    static let watch = CommandSpec(name: "watch", operands: "FILE", summary: """
        run and render FILE again on every save (or touch) of it, its scene or
        a module they require; a newer save cancels a reload in flight; a
        broken save prints its error and keeps the last good output. -o OUT
        (any render output; default FILE's name with .gif) is replaced
        atomically ("reloaded in N ms (OUT written, N frames)"); --tty plays in
        the terminal and --serve serves the live HTML player on
        http://127.0.0.1:PORT/ (default 7878, 0: any free port;
        \(LiveServer.connectionLimit) connections at most): both follow every save, the frame on screen
        drawn first ("reloaded: visible in N ms, complete in N ms"). Ctrl-C
        stops (exit 0)
        """, options: [SharedOption.output, SharedOption.tty,
                       OptionSpec(names: ["--serve"], value: .optionalPort(default: 7878), help: "serve the live player on this port (default 7878)")]
            + SharedOption.frames + SharedOption.world + SharedOption.sandbox,
        operandCount: 1...1)

    static let repl = CommandSpec(name: "repl", operands: "[FILE]", summary: """
        a Lua prompt on a live world: an effect opens on the default scene's
        screens, ready for present(); a scene runs to its end or its first
        transit.repl(); time moves only with step(dt), seek(t), present(), ...
        (help() lists the helpers). History: ~/.transit_history, or
        $TRANSIT_HISTORY. Piped stdin: no prompt, exit 1 if a chunk failed
        """, options: SharedOption.world + [SharedOption.scale, SharedOption.noStatusBar] + SharedOption.sandbox,
        operandCount: 0...1)

    static let bench = CommandSpec(name: "bench", operands: "", summary: """
        measure every performance figure (start-up, rendering, the bridge,
        the timeline, reload) in this process, each beside its baseline, as
        medians and spread against its target; TRANSIT_BENCH_ONLY=GROUP runs
        one group (docs/performance.md)
        """, options: [
            OptionSpec(names: ["--json"], value: .flag, help: "the figures as JSON"),
            OptionSpec(names: ["--quick"], value: .flag, help: "5 rounds instead of 21"),
        ], operandCount: 0...0)

    static let fuzz = CommandSpec(name: "fuzz", operands: "", summary: """
        run random scenes calling the whole API with declared and hostile
        arguments, each in a child process; exit 1 if one crashed or hung
        (reproducers saved in DIR, default fuzz-failures/). LIST: all (the
        default) or some of calls (protected API calls), unprotected (errors
        end the scene), render (GIF/filmstrip at 10 fps), threads (coroutines
        kept from callbacks), extreme (edge numbers everywhere), hostile
        (erroring metamethods, recursion, bombs), hangs (looping __gc,
        backtracking patterns) and time (huge transit.step/seek while timers
        tick); a seed and a LIST name one exact set of scripts
        """, options: [
            OptionSpec(names: ["--seed"], value: .integer(placeholder: "N", range: 0...Int.max), help: "the first script's seed (default 1)"),
            OptionSpec(names: ["--count"], value: .integer(placeholder: "N", range: 1...10_000_000), help: "scripts to run (default 100)"),
            OptionSpec(names: ["--calls"], value: .integer(placeholder: "N", range: 1...100_000), help: "API calls per script (default 500)"),
            OptionSpec(names: ["--jobs"], value: .integer(placeholder: "N", range: 1...64), help: "scripts at a time (default: the number of cores)"),
            OptionSpec(names: ["--timeout"], value: .integer(placeholder: "S", range: 1...3600), help: "seconds before a script counts as hung (default 20)"),
            OptionSpec(names: ["--generators"], value: .checkedText(placeholder: "LIST", check: { _ = try FuzzGenerator.Kind.parse($0) }), help: "which generators (default all)"),
            OptionSpec(names: ["--out"], value: .text(placeholder: "DIR"), help: "where reproducers go (default fuzz-failures)"),
            OptionSpec(names: ["--ios"], value: .checkedText(placeholder: "N", check: { _ = try parseSystemVersion($0, flag: "--ios") }),
                       help: "the iOS version every script runs as (default 17; 18 reaches the zoom transition)"),
        ], operandCount: 0...0)

    static let gallery = CommandSpec(name: "gallery", operands: "", summary: """
        render every shipped effect (scripts/animators, presentations,
        interactions) as a GIF, a filmstrip and an HTML player, N at a time
        (default: the number of cores), and write DIR/index.html (default DIR:
        gallery): a grid of them playing, filterable by name; exit 1 naming
        each effect that failed (shown as failed in the index). --entry is
        what each worker runs (one effect into --into DIR, its outcome to
        --report FILE)
        """, options: [
            OptionSpec(names: ["-o", "--output"], value: .text(placeholder: "DIR"), help: "the gallery's directory (default gallery)"),
            SharedOption.device,
            OptionSpec(names: ["--jobs"], value: .integer(placeholder: "N", range: 1...64), help: "effects at a time (default: the number of cores)"),
            OptionSpec(names: ["--entry"], value: .existingFile(placeholder: "FILE"), help: "worker: render this one effect"),
            OptionSpec(names: ["--into"], value: .text(placeholder: "DIR"), help: "worker: where its GIF, filmstrip and player go"),
            OptionSpec(names: ["--report"], value: .text(placeholder: "FILE"), help: "worker: where its outcome goes"),
        ], operandCount: 0...0)

    static let new = CommandSpec(name: "new", operands: "animator|presentation|interaction|scene|spec NAME [DIR]", summary: """
        write DIR/NAME.lua (default DIR: .), a commented starting script that
        runs and passes check (a spec: DIR/NAME_spec.lua, which passes under
        transit lua --spec and busted), and DIR/.luarc.json pointing LuaLS at
        this installation's API stubs; never overwrites (exit 1)
        """, options: [], operandCount: 2...3)

    static let lua = CommandSpec(name: "lua", operands: "[SCRIPT [ARGS]]", summary: """
        a Lua 5.4 interpreter as lua5.4 is (-e, -l, -v, -W, -E, - for stdin,
        -- ends options, arg and ... for the script, os.exit's status), with
        the full standard library and transit.scene{...}, which runs an effect
        or scene in a fresh, sandboxed world and returns what it showed; the
        runner for specs (busted --lua="transit lua" spec/). --spec runs spec
        files with Transit's own minimal runner (describe, it, assert), one
        line per test (--format json: one JSON object); exit 1 if one failed
        (docs/specs.md)
        """, options: [
            OptionSpec(names: ["-e"], value: .text(placeholder: "STAT"), help: "run the statement STAT (repeatable, in order with -l)", repeats: true),
            OptionSpec(names: ["-l"], value: .text(placeholder: "[G=]MOD"), help: "G = require(\"MOD\") (G defaults to MOD; repeatable)", repeats: true),
            OptionSpec(names: ["-v"], value: .flag, help: "print the version"),
            OptionSpec(names: ["-W"], value: .flag, help: "turn warnings on"),
            OptionSpec(names: ["-E"], value: .flag, help: "ignore LUA_INIT and LUA_PATH/LUA_CPATH"),
            OptionSpec(names: ["--spec"], value: .flag, help: "run SCRIPT and ARGS as spec files with Transit's minimal runner"),
            OptionSpec(names: ["--format"], value: .choice(["text", "json"]), help: "--spec's report: a line per test (default) or JSON"),
        ], operandCount: 0...Int.max, optionsEndAtFirstOperand: true)

    static let api = CommandSpec(name: "api", operands: "", summary: """
        print the API description: LuaLS definitions (the default), the Markdown reference, or
        UIKit's Swift declarations of what Transit binds as a module to type-check against
        """, options: [
            OptionSpec(names: ["--luals"], value: .flag, help: "LuaLS definitions (the default)"),
            OptionSpec(names: ["--markdown"], value: .flag, help: "the reference as Markdown"),
            OptionSpec(names: ["--swift-interface"], value: .flag, help: "a Swift module named UIKit declaring what Transit binds, for swiftc -typecheck"),
        ], operandCount: 0...0)

    static let export = CommandSpec(name: "export", operands: "FILE", summary: """
        translate an effect file to Swift against UIKit's declarations (docs/export.md,
        "Lua → Swift"): stdout, or OUT with -o; a construct it cannot translate faithfully
        stops it with FILE:LINE: cannot export: ... on stderr (exit 1)
        """, options: [
            OptionSpec(names: ["--swift"], value: .flag, help: "write Swift (the one target language)"),
            OptionSpec(names: ["-o", "--output"], value: .text(placeholder: "OUT.swift"), help: "write the Swift to OUT.swift instead of stdout"),
        ], operandCount: 1...1)

    static let completion = CommandSpec(name: "completion", operands: "bash|zsh|fish", summary: """
        print a shell completion script for transit's commands and options
        (bash: source <(transit completion bash))
        """, options: [], operandCount: 1...1)

    static let all = [run, check, test, render, watch, repl, bench, fuzz, gallery, new, lua, api, export, completion]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// `transit --help`.
    static var usage: String {
        """
        usage: transit COMMAND [ARGS]

        commands:
        \(all.map(\.overview).joined(separator: "\n"))
          help [COMMAND], COMMAND --help
                              this text, or one command's options
          --help              this text
          --version           the version and the scripts directory in use

        devices: \(Device.profileNames.joined(separator: ", "))
        """
    }
}
