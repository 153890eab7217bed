import Foundation
import Testing
@testable import transit

/// `transit lua` reads its command line as lua5.4 does (options before the script, the rest the
/// script's own), and undoes busted's unquoted re-run of `--lua="transit lua"`.
@Suite struct LuaCommandTests {
    @Test func optionsEndAtTheScriptAndTheRestIsTheScripts() throws {
        let parsed = try Commands.lua.parse(["-e", "x = 1", "-l", "lfs", "run.lua", "--frobnicate", "-e", "y", "--help"][...])
        #expect(parsed.operands == ["run.lua", "--frobnicate", "-e", "y", "--help"])
        #expect(parsed.ordered.map(\.name) == ["-e", "-l"], "-e and -l keep their order")
        #expect(parsed.ordered.map(\.value) == ["x = 1", "lfs"])
        #expect(!parsed.endedOptions)
    }

    @Test func doubleDashEndsTheOptionsSoADashIsAFileName() throws {
        let parsed = try Commands.lua.parse(["-v", "--", "-", "a"][...])
        #expect(parsed.operands == ["-", "a"])
        #expect(parsed.endedOptions)
        #expect(parsed.has("-v"))
        // Without it, "-" is an operand of its own (stdin) and what follows is its argument.
        let stdin = try Commands.lua.parse(["-", "--"][...])
        #expect(stdin.operands == ["-", "--"])
        #expect(!stdin.endedOptions)
    }

    @Test func otherCommandsStillTakeOptionsAfterOperands() throws {
        let parsed = try Commands.run.parse(["f.lua", "--trace"][...])
        #expect(parsed.operands == ["f.lua"] && parsed.has("--trace"))
    }

    @Test func bustedsSplitInterpreterIsJoinedAgain() {
        // What busted runs for `busted --lua="transit lua" -o TAP spec/`.
        #expect(rejoiningBustedInterpreter(["--ignore-lua", "--lua=transit", "lua", "-o", "TAP", "spec/"], invokedAs: "transit")
            == ["--ignore-lua", "--lua=transit lua", "-o", "TAP", "spec/"])
        #expect(rejoiningBustedInterpreter(["--ignore-lua", "--lua", "/bin/transit", "lua", "spec/"], invokedAs: "/bin/transit")
            == ["--ignore-lua", "--lua", "/bin/transit lua", "spec/"])
        // Anything else is the script's own and left alone: no --ignore-lua, or another binary.
        #expect(rejoiningBustedInterpreter(["--lua=transit", "lua"], invokedAs: "transit") == ["--lua=transit", "lua"])
        #expect(rejoiningBustedInterpreter(["--ignore-lua", "--lua=lua5.4", "lua"], invokedAs: "transit") == ["--ignore-lua", "--lua=lua5.4", "lua"])
    }
}
