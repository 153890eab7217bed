import Testing
@testable import TransitCore

/// Judgements queued with `atEndOfTurn` run when the turn that queued them ends: after its
/// event, before the next event, even one at the same virtual time (a turn is one event).
@Suite struct EndOfTurnTests {
    @Test func workRunsAfterItsEventAndBeforeTheNextOneAtTheSameTime() throws {
        let world = World()
        var log: [String] = []
        world.schedule(at: 1, label: "first") {
            log.append("first")
            world.atEndOfTurn { log.append("end of first") }
            log.append("first continues")
        }
        world.schedule(at: 1, label: "second") { log.append("second") }
        try world.advance(to: 2)
        #expect(log == ["first", "first continues", "end of first", "second"])
    }

    /// Work queued outside an event (a scene's own code) runs when time next moves.
    @Test func workQueuedBetweenEventsRunsWhenTimeNextMoves() throws {
        let world = World()
        var ran = false
        world.atEndOfTurn { ran = true }
        #expect(!ran)
        try world.advance(to: 0)
        #expect(ran)
    }

    /// Every problem has its id, the phase ("scene" outside a transition) and the virtual time.
    @Test func aProblemCarriesItsIdPhaseAndTime() throws {
        let world = World()
        world.schedule(at: 0.25, label: "late") { world.report(.badDuration, "returned 0") }
        try world.advance(to: 1)
        #expect(world.problemRecords == [Problem(id: .badDuration, message: "returned 0", phase: "scene", time: 0.25)])
        #expect(world.problems == ["[bad-duration] scene at 0.25 s: returned 0"])
    }

    /// Every id is distinct and explained (the JSON report and docs/check.md list them).
    @Test func idsAreDistinctAndExplained() {
        let ids = ProblemID.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ProblemID.allCases.allSatisfy { !$0.explanation.isEmpty && !$0.explanation.contains("\n") })
    }
}
