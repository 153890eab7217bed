import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

/// The check debug builds make on every hook call the engine makes (HookCallCheck.swift): the
/// values pushed must fit the hook's declared parameters.
@Suite struct HookCallCheckTests {
    @Test func aCallThatFitsTheDeclarationPasses() throws {
        let h = try Harness()
        let L = h.runtime.L
        lua_pushboolean(L, 1)
        #expect(h.runtime.hookCallMismatch(Hook.AnimatedTransitioning.animationEnded.rawValue, argumentsAt: lua_gettop(L), count: 1) == nil)
    }

    @Test func aValueOfAnotherTypeIsNamedWithTheDeclaration() throws {
        let h = try Harness()
        let L = h.runtime.L
        lua_pushnumber(L, 1)
        let mismatch = h.runtime.hookCallMismatch(Hook.AnimatedTransitioning.animationEnded.rawValue, argumentsAt: lua_gettop(L), count: 1)
        #expect(mismatch == "the engine calls animationEnded with (number), but the API declares it as (transitionCompleted: boolean)")
    }

    @Test func aMissingArgumentIsAMismatch() throws {
        let h = try Harness()
        let L = h.runtime.L
        let mismatch = h.runtime.hookCallMismatch(Hook.AnimatedTransitioning.animateTransition.rawValue, argumentsAt: lua_gettop(L) + 1, count: 0)
        #expect(mismatch?.hasPrefix("the engine calls animateTransition with (), but the API declares it as (transitionContext: ") == true, "\(mismatch ?? "nil")")
    }

    /// Every hook the engine's cases name has a declaration to be checked against (the names'
    /// agreement itself is SafetyNetTests' theEnginesHookConstantsAndTheDescriptionAgree).
    @Test func everyHookTheEngineCallsIsDeclared() {
        let names = Hook.protocols.flatMap(\.hooks) + Hook.classes.flatMap(\.hooks)
        #expect(names.count > 80)
        #expect(names.filter { LuaRuntime.declaredHookParameters[$0] == nil } == [])
    }
}

/// The check debug builds make after every bound call (DeclaredResultCheck.swift): what the
/// body pushed must be what its `returns:` declares.
@Suite struct DeclaredResultCheckTests {
    private func function(_ returns: APIType?) -> APIFunction {
        APIFunction("f", .function, [], returns: returns, doc: "", implementation: nil)
    }

    @Test func aResultOfTheDeclaredTypePasses() throws {
        let h = try Harness()
        lua_pushnumber(h.runtime.L, 2)
        #expect(h.runtime.resultMismatch(function(.number), count: 1) == nil)
        #expect(h.runtime.resultMismatch(function(nil), count: 0) == nil)
        // A yield's count is negative: its results come on resume.
        #expect(h.runtime.resultMismatch(function(nil), count: -2) == nil)
    }

    @Test func anUndeclaredOrMistypedResultIsNamed() throws {
        let h = try Harness()
        lua_pushstring(h.runtime.L, "x")
        #expect(h.runtime.resultMismatch(function(nil), count: 1) == "returns 1 value (string on top), but declares no result")
        #expect(h.runtime.resultMismatch(function(.number), count: 1) == "returns string, but declares number (a number)")
        #expect(h.runtime.resultMismatch(function(.number), count: 0) == "returns 0 values, but declares one number")
    }
}
