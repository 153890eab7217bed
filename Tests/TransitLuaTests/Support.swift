import CLua
import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// What the tests of this target share: a bare runtime (`Harness`), a scene run from source
// (`runScene`), the Lua values they return decoded for assertions, the animators several
// suites drive, and where the package lives.

// MARK: - Values returned by Lua

/// A value a chunk returned, decoded from the Lua stack, so that an assertion compares a Bool or
/// a Double rather than what `tostring` printed (a string "true" is not the boolean true).
enum LuaValue: Equatable, CustomStringConvertible {
    case none
    case boolean(Bool)
    case number(Double)
    case string(String)
    /// A table, function, userdata or thread, with what `tostring` shows for it.
    case other(type: String, shown: String)

    var description: String {
        switch self {
        case .none: "nil"
        case .boolean(let value): "the boolean \(value)"
        case .number(let value): "the number \(value)"
        case .string(let value): "the string \"\(value)\""
        case .other(let type, let shown): "a \(type) (\(shown))"
        }
    }

    /// The boolean this is; `source` (what gave it) names it in the failure otherwise.
    func boolean(from source: String) throws -> Bool {
        guard case .boolean(let value) = self else { throw UnexpectedLuaValue(source: source, expected: "a boolean", got: self) }
        return value
    }

    /// The number this is; `source` (what gave it) names it in the failure otherwise.
    func number(from source: String) throws -> Double {
        guard case .number(let value) = self else { throw UnexpectedLuaValue(source: source, expected: "a number", got: self) }
        return value
    }
}

/// A chunk returned another type than the assertion reads: the test fails naming both.
struct UnexpectedLuaValue: Error, CustomStringConvertible {
    let source: String
    let expected: String
    let got: LuaValue
    var description: String { "expected \(expected) from `\(source)`, got \(got)" }
}

extension LuaRuntime {
    /// Runs `source` as `evaluate` does and decodes the first value it returns.
    func evaluateValue(_ source: String, chunkName: String) throws -> LuaValue {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = source.withCString { transit_loadtext(L, $0, strlen($0), chunkName) }
        guard status == LUA_OK else { throw ScriptError(string(at: -1) ?? "syntax error") }
        guard transit_pcall(L, 0, 1) == LUA_OK else { throw takeError() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return .none
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, -1) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, -1, nil))
        // string(at:) reads strings without conversion, so it cannot fail here.
        case LUA_TSTRING: return .string(string(at: -1) ?? "")
        default: return .other(type: String(cString: lua_typename(L, lua_type(L, -1))), shown: describe(at: -1))
        }
    }
}

// MARK: - A bare runtime

/// A fresh world and runtime. `run` evaluates a chunk and returns its result as text (for
/// strings and what `tostring` shows); `value`, `bool` and `number` return it decoded.
final class Harness {
    let world = World(device: Device.named("iPhone SE")!)
    let runtime: LuaRuntime
    /// `unsafe`: the full standard library (debug.getmetatable reaches host metatables).
    init(unsafe: Bool = false) throws {
        var options = LuaRuntime.Options()
        options.unsafe = unsafe
        runtime = try LuaRuntime(world: world, options: options)
    }
    @discardableResult
    func run(_ source: String) throws -> String? { try runtime.evaluate(source, chunkName: "=test.lua") }
    func value(_ source: String) throws -> LuaValue { try runtime.evaluateValue(source, chunkName: "=test.lua") }
    /// The boolean the chunk returns; any other type fails the test.
    func bool(_ source: String) throws -> Bool { try value(source).boolean(from: source) }
    /// The number the chunk returns; any other type fails the test.
    func number(_ source: String) throws -> Double { try value(source).number(from: source) }
    /// The error message a chunk raises (or nil when it succeeds).
    func error(_ source: String) throws -> String? {
        do { try runtime.evaluate(source, chunkName: "=test.lua"); return nil } catch let error as ScriptError { return error.message }
    }
}

// MARK: - A scene run from source

/// A scene run on a device: the world, the runtime and what it logged. `text`, `value`, `bool`
/// and `number` evaluate an expression in the scene's runtime after the run.
struct SceneResult {
    let world: World
    let runtime: LuaRuntime
    let log: [String]
    /// What the world's warning handler received (what `transit run` prints on standard error).
    var warnings: [String] = []
    /// The log lines without their `[t]` time prefix.
    var messages: [String] { log.map { line in line.range(of: "] ").map { String(line[$0.upperBound...]) } ?? line } }
    func text(_ expression: String) throws -> String? { try runtime.evaluate("return " + expression) }
    func value(_ expression: String) throws -> LuaValue { try runtime.evaluateValue("return " + expression, chunkName: "=(transit)") }
    /// The boolean the expression gives; any other type fails the test.
    func bool(_ expression: String) throws -> Bool { try value(expression).boolean(from: expression) }
    /// The number the expression gives; any other type fails the test.
    func number(_ expression: String) throws -> Double { try value(expression).number(from: expression) }
}

func runScene(_ source: String, device: String = "iPhone SE", ios: Double = 17) throws -> SceneResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scene.lua")
    try Data(source.utf8).write(to: file)
    let world = World(device: Device.named(device)!, systemVersion: ios)
    let runtime = try LuaRuntime(world: world)
    var log: [String] = []
    runtime.output = { log.append($0) }
    var warnings: [String] = []
    world.warningHandler = { warnings.append($0) }
    try runtime.runScene(file)
    return SceneResult(world: world, runtime: runtime, log: log, warnings: warnings)
}

// MARK: - Animators several suites drive

/// A fade animator recording calls into `calls`, used by several tests.
let recordingAnimator = """
calls = {}
local function record(name) calls[#calls + 1] = name end
Animator = NSObject:subclass("Animator")
function Animator:transitionDuration(ctx) record("transitionDuration") return 0.4 end
function Animator:animateTransition(ctx)
  record("animateTransition")
  local toVC = ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == ctx:viewController("from")
  observed = { fromView = ctx:view("from"), toView = ctx:view("to"),
               finalFrom = ctx:finalFrame(ctx:viewController("from")), finalTo = ctx:finalFrame(toVC),
               initialTo = ctx:initialFrame(toVC), presenting = isPresenting }
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  if isPresenting then
    view.frame = ctx:finalFrame(toVC)
    ctx.containerView:addSubview(view)
    view.alpha = 0
  elseif ctx:view("to") then
    -- A full-screen style's presenter comes back through view("to"): the animator adds it.
    ctx:view("to").frame = ctx:finalFrame(toVC)
    ctx.containerView:insertSubviewBelow(ctx:view("to"), view)
  end
  UIView.animate{ duration = 0.4, options = { "curveLinear" }, animations = function() view.alpha = isPresenting and 1 or 0 end,
    completion = function()
      record("completeTransition")
      if ctx.transitionWasCancelled and not isPresenting and ctx:view("to") then ctx:view("to"):removeFromSuperview() end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end }
end
function Animator:animationEnded(completed) record("animationEnded " .. tostring(completed)) end

"""

/// A slide-down dismissal animator for full-screen styles; `addsToView` says whether it adds the
/// revealed presenter view to the container, as Apple's animateTransition documentation asks.
func slideDownAnimator(addsToView: Bool) -> String {
    """
    Slide = NSObject:subclass("Slide")
    function Slide:transitionDuration(ctx) return 0.4 end
    function Slide:animateTransition(ctx)
      local toVC = ctx:viewController("to")
      local presenting = toVC.presentingViewController == ctx:viewController("from")
      if presenting then
        local view = ctx:view("to")
        view.frame = ctx:finalFrame(toVC)
        ctx.containerView:addSubview(view)
        UIView.animate(0.4, function() view.alpha = 1 end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
        return
      end
      local from, to = ctx:view("from"), ctx:view("to")
      \(addsToView ? "to.frame = ctx:finalFrame(toVC); ctx.containerView:insertSubviewBelow(to, from)" : "-- forgets view(\"to\")")
      revealedDuringDismissal = to.superview == ctx.containerView
      UIView.animate(0.4, function() from.frame = from.frame:offsetBy(0, 600) end, function()
        if ctx.transitionWasCancelled then to:removeFromSuperview() end
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end)
    end

    """
}

// MARK: - The package

/// The package's root directory (scripts/ lives there).
func packageRoot() -> String {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}
