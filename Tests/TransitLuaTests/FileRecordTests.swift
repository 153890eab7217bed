import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// A second run of one version reads the bytes the first read (LiveRender's second pass), even
/// when the file changed on disk in between; a file the first run never read comes from disk.
@Suite struct FileRecordTests {
    @Test func aReplayedRunReadsWhatTheRecordedRunRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = directory.appendingPathComponent("scene.lua"), module = directory.appendingPathComponent("part.lua")
        try Data("local part = require('part')\ntransit.log('scene ' .. part)\n".utf8).write(to: scene)
        try Data("return 'first'\n".utf8).write(to: module)

        func run(_ record: FileRecord) throws -> [String] {
            let world = World(device: Device.named("iPhone SE")!, systemVersion: 17)
            let runtime = try LuaRuntime(world: world)
            var log: [String] = []
            runtime.output = { log.append($0) }
            runtime.fileRecord = record
            try withExtendedLifetime(world) { try runtime.runScene(scene) }
            return log
        }
        let record = FileRecord()
        let first = try run(record)
        #expect(first == ["[0s] scene first"], "\(first)")
        // The version on disk changes (a save) before the second run.
        try Data("return 'second'\n".utf8).write(to: module)
        try Data("error('the new version')\n".utf8).write(to: scene)
        record.replay()
        #expect(try run(record) == ["[0s] scene first"])
        // Without the record, the disk's version.
        #expect(throws: (any Error).self) { try run(FileRecord()) }
        // A file the recorded run did not read is read from disk.
        #expect(record.read(directory.appendingPathComponent("missing.lua").path) == nil)
        try Data("x".utf8).write(to: directory.appendingPathComponent("late.txt"))
        #expect(record.read(directory.appendingPathComponent("late.txt").path) == Data("x".utf8))
    }
}
