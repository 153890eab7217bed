import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// A script error's location is a field recorded where the error is raised, never read back
/// out of its text: a folder whose name has a space ("my fx") once made the constructor's error
/// print its location twice ("my fx/ctor.lua:5: my fx/ctor.lua:3: boom in init").
@Suite struct ScriptErrorLocationTests {
    /// `Card(nil)` on line 5, where `Card:init` raises on line 3.
    static let constructorRaising = """
        local Card = UIView:subclass("Card")
        function Card:init(x)
          error("boom in init")
        end
        local card = Card(nil)
        """

    /// Runs `source` as `ctor.lua` in a fresh folder named `folder`; the error it ends with and
    /// the path messages show for the file. The folder is under /tmp with a short name: Lua
    /// shortens a path of more than 59 bytes to "...", and these tests read the whole path.
    func sceneError(_ source: String, inFolderNamed folder: String) throws -> (ScriptError?, shownPath: String) {
        let root = URL(fileURLWithPath: "/tmp/transit-\(UUID().uuidString.prefix(8))")
        let directory = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = directory.appendingPathComponent("ctor.lua")
        try Data(source.utf8).write(to: file)
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!))
        do {
            try runtime.runScene(file)
            return (nil, LuaRuntime.displayPath(file))
        } catch let error as ScriptError {
            return (error, LuaRuntime.displayPath(file))
        }
    }

    @Test(arguments: ["my fx", "nospace", "a: colon"])
    func aConstructorsErrorNamesTheRaisingLineOnce(folder: String) throws {
        let (error, shownPath) = try sceneError(Self.constructorRaising, inFolderNamed: folder)
        let raised = try #require(error)
        #expect(raised.location == SourceLocation(file: shownPath, line: 3))
        #expect(raised.reason == "boom in init")
        let firstLine = raised.message.components(separatedBy: "\n")[0]
        #expect(firstLine == "\(shownPath):3: boom in init")
        #expect(raised.traceback?.description.hasPrefix("stack traceback:\n") == true)
        // One traceback, the caller's (the constructor's own is dropped): a frame of line 5.
        #expect(raised.traceback?.frames.contains { $0.source == shownPath && $0.line == 5 && $0.function == "main chunk" } == true, "\(raised.message)")
    }

    /// A host function's own error (a bad argument) gets the calling line as its location.
    @Test func aHostFunctionsErrorIsLocatedAtItsCaller() throws {
        let (error, shownPath) = try sceneError("local v = UIView.new()\nv:insertSubviewBelow(v, nil)\n", inFolderNamed: "my fx")
        let raised = try #require(error)
        #expect(raised.location == SourceLocation(file: shownPath, line: 2))
        #expect(raised.reason.hasPrefix("UIView.insertSubviewBelow: argument 2 (sibling) must be a UIView"))
    }

    /// Lua's parser names the line of a syntax error; the location is taken after the known
    /// file name, so the space in the folder does not matter.
    @Test func aSyntaxErrorIsLocatedInAFolderWithASpace() throws {
        let (error, shownPath) = try sceneError("local x = 1\nlocal = 2\n", inFolderNamed: "my fx")
        let raised = try #require(error)
        #expect(raised.location == SourceLocation(file: shownPath, line: 2))
        #expect(raised.message.hasPrefix("\(shownPath):2: "))
    }
}
