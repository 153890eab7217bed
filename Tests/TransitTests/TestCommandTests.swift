import Foundation
import Testing
@testable import transit

/// `transit test`'s pieces that need no run: which files it finds, where references go, and how
/// the spec runners' reports are read (the minimal runner's interface is `transit lua --spec
/// --format json`; busted's is its json output handler).
@Suite struct TestCommandTests {
    static func tree(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("transit-test-tree-\(UUID().uuidString)")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("return nil\n".utf8).write(to: url)
        }
        return root
    }

    @Test func filesAreFoundInSortedOrderSpecsApartStubsReferencesAndHiddenDirectoriesSkipped() throws {
        let root = try Self.tree(["b.lua", "a/z.lua", "a/m_spec.lua", "types/api.d.lua", ".hidden/x.lua",
                                  "fade.golden/y.lua", "notes.txt", "a/c.lua"])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = discoverTestFiles([root.path])
        let relative = { (path: String) in String(path.dropFirst(root.path.count + 1)) }
        #expect(found.subjects.map { relative($0.path) } == ["a/c.lua", "a/z.lua", "b.lua"])
        #expect(found.subjects.allSatisfy { !$0.explicit })
        #expect(found.specs.map(relative) == ["a/m_spec.lua"])
        // A file named twice (itself and through its directory) is tested once, as named.
        let twice = discoverTestFiles([root.appendingPathComponent("b.lua").path, root.path])
        #expect(twice.subjects.count == 3 && twice.subjects[0].explicit)
    }

    @Test func referencesGoBesideTheEffectOrUnderTheGoldenDirectoryAtItsPath() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(goldenDirectory(for: "effects/fade.lua", root: nil).path == cwd + "/effects/fade.golden")
        #expect(goldenDirectory(for: "effects/fade.lua", root: "/refs").path == "/refs/effects/fade.golden")
        // Outside the current directory: its absolute path, without the leading slash.
        #expect(goldenDirectory(for: "/elsewhere/x/fade.lua", root: "/refs").path == "/refs/elsewhere/x/fade.golden")
    }

    @Test func theMinimalRunnersReportBecomesOneOutcomePerTest() throws {
        let report = """
            {"tests":[{"name":"math adds","file":"math_spec.lua","line":2,"status":"passed","message":null},
                      {"name":"math fails","file":"math_spec.lua","line":3,"status":"failed","message":"math_spec.lua:3: one and one"},
                      {"name":"math later","file":"math_spec.lua","line":4,"status":"pending"}],"passed":1,"failed":1}
            """
        // A spec's own print before the report is not part of it.
        let outcomes = try #require(parseSpecJSON(lastJSONObject(Data(("printed by a spec\n" + report.replacingOccurrences(of: "\n", with: "")).utf8))))
        #expect(outcomes.map(\.status) == [.passed, .failed, .pending])
        #expect(outcomes.map(\.line) == [2, 3, 4])
        #expect(outcomes[1].messages == ["math_spec.lua:3: one and one"])
        #expect(outcomes.allSatisfy { $0.kind == "spec" && $0.file == "math_spec.lua" })
    }

    @Test func bustedsReportBecomesOneOutcomePerTest() throws {
        let report = """
            {"successes":[{"name":"a works","message":"","trace":{"short_src":"a_spec.lua","currentline":5}}],
             "failures":[{"name":"a breaks","message":"a_spec.lua:9: no","trace":{"short_src":"a_spec.lua","currentline":9}}],
             "errors":[{"name":"a errs","message":"boom","element":{"trace":{"short_src":"a_spec.lua","currentline":12}}}],
             "pendings":[],"duration":0.01}
            """
        let outcomes = try #require(parseBustedJSON(Data(report.utf8)))
        #expect(outcomes.map(\.name) == ["a works", "a breaks", "a errs"])
        #expect(outcomes.map(\.status) == [.passed, .failed, .failed])
        #expect(outcomes.map(\.line) == [5, 9, 12])
        #expect(parseBustedJSON(Data("not json".utf8)) == nil)
    }

    @Test func aRunnerThatReportsNothingFailsEachSpecFile() {
        let run = ChildRun(status: 2, output: Data(), error: "transit: unknown command \"lua\" (see transit --help)\n")
        let outcomes = specOutcomes(run, runner: "transit lua --spec", files: ["a_spec.lua", "b_spec.lua"], parse: parseSpecJSON)
        #expect(outcomes.map(\.file) == ["a_spec.lua", "b_spec.lua"])
        #expect(outcomes.allSatisfy { $0.status == .failed && $0.messages == ["transit lua --spec reported no result (exit 2): transit: unknown command \"lua\" (see transit --help)"] })
    }

    @Test func theSummaryCountsPassedFailedAndPending() {
        func outcome(_ status: TestOutcome.Status) -> TestOutcome { TestOutcome(file: "f", name: "n", kind: "spec", status: status) }
        #expect(testSummary([outcome(.passed), outcome(.failed), outcome(.passed)]) == "2 passed, 1 failed")
        #expect(testSummary([outcome(.pending)]) == "0 passed, 0 failed, 1 pending")
    }
}
