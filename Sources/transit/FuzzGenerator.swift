import Foundation

/// SplitMix64: a small, fast, seedable generator, so a seed names one exact set of scripts on
/// every machine (the system generator is neither seedable nor stable across platforms).
struct FuzzRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Writes one random scene: constructors, methods and properties of the whole API with values
/// of the declared types and hostile ones (wrong types, NaN, ±inf, huge, cycles), callbacks that
/// call back into the API from completions, hooks and gesture actions, metatable tricks, and
/// waits so time passes and the callbacks run. Most calls are protected, so one script makes
/// hundreds of calls; an error a call raises must name its file and line, else the script
/// prints `UNCLEAR:` with it. The selected generators (`Kind`) add what protected calls alone
/// never reach; a seed and a selection name one exact set of scripts.
struct FuzzGenerator {
    /// What a statement (or a whole script) is made to test, selectable with `--generators`.
    /// Content kinds share each script's statements; script-level kinds shape some scripts.
    enum Kind: String, CaseIterable, Sendable {
        /// Every constructor, method and property with declared and hostile values (protected).
        case calls
        /// Statements outside `pcall`: their error ends the scene as a user's would, so the
        /// error the process prints (not the one pcall sees) must name file:line.
        case unprotected
        /// The script is rendered (`transit render`, GIF or filmstrip) instead of run: the
        /// rasterizer and the encoders meet whatever the fuzzed scene left on screen.
        case render
        /// Threads: callbacks keep `coroutine.running()`, later closed, resumed, yielded; API
        /// calls and presentations inside coroutines.
        case threads
        /// Extreme numbers (±0, ±1e300, 2^53, 2^63, NaN, ±inf, min/max integers) in every
        /// numeric parameter, property and value field, and in virtual time.
        case extreme
        /// Hostile Lua that does not hang: erroring `__gc`/`__tostring`/`__index`, non-string
        /// errors, deep recursion (through the host too), string and table bombs.
        case hostile
        /// Hostile Lua that hangs the process today (looping `__gc`, backtracking patterns):
        /// one such statement in some scripts. Not in scripts/test's selection until fixed.
        case hangs
        /// Virtual-time jumps by huge finite amounts (`transit.step(1e17)`, `transit.seek(2^63)`)
        /// while timers and display links tick: no limit bounds them today, so the ticks never
        /// end. Apart from `extreme` (which keeps the jumps that are refused or harmless) so it
        /// can stay out of scripts/test's selection until fixed.
        case time
        /// Statements that crash the process today: closing the main Lua thread, which
        /// callbacks run on (so `coroutine.running()` in one hands it out). `threads` leaves
        /// that thread alone so it can stay in scripts/test's selection.
        case traps

        /// Kinds that make statements; the others decide how a script (or statement) runs.
        static let content: [Kind] = [.calls, .threads, .extreme, .hostile]
        /// How often each content kind makes a statement, when selected.
        var weight: Int {
            switch self {
            case .calls: return 70
            case .extreme: return 14
            case .threads: return 10
            case .hostile: return 6
            default: return 0
            }
        }

        /// "all" or a comma-separated list of names.
        static func parse(_ text: String) throws -> Set<Kind> {
            var selected: Set<Kind> = []
            for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if name == "all" { selected.formUnion(allCases); continue }
                guard let kind = Kind(rawValue: name) else {
                    throw UsageError(message: "unknown generator \"\(name)\" for --generators (known: all, \(allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                selected.insert(kind)
            }
            guard !selected.isEmpty else { throw UsageError(message: "--generators needs at least one name") }
            return selected
        }
    }

    /// How a script is to be run: `transit run`, or rendered to a GIF or a filmstrip.
    enum Runner: Equatable { case run, gif, filmstrip }

    let api: FuzzAPI
    let selection: Set<Kind>
    var random: FuzzRandom
    private(set) var calls = 0
    /// Calls by the generator that made them (render scripts count all theirs as render).
    private(set) var callsByKind: [Kind: Int] = [:]
    private(set) var runner = Runner.run
    private var lines: [String] = []
    private var objectCount = 0
    private var depth = 0
    /// The statement being written is outside pcall (and so are its callbacks' statements).
    private var unprotected = false
    /// This script's statements are unprotected now and then.
    private var unprotectedScript = false
    /// Numbers come from the extreme set (an extreme statement and its callbacks).
    private var extreme = false
    /// Callbacks keep their thread and may yield (a threads statement and its callbacks).
    private var threaded = false
    /// Callbacks raise non-string errors (a hostile statement and its callbacks).
    private var raising = false

    /// Classes worth constructing (the host's namespaces and protocol-only types are not).
    private var constructible: [FuzzAPI.Class] {
        api.classes.filter { cls in cls.functions.contains { $0.name == "new" && !$0.isMethod } }
    }

    init(api: FuzzAPI, seed: UInt64, selection: Set<Kind> = Set(Kind.allCases)) {
        self.api = api
        self.selection = selection
        random = FuzzRandom(seed: seed)
    }

    /// The share of scripts a script-level kind shapes: all of them when the selection has
    /// nothing else (`--generators render` renders every script), else `percent`.
    private func share(_ kind: Kind, _ percent: Int) -> Int {
        guard selection.contains(kind) else { return 0 }
        let others = selection.subtracting([.unprotected, .render, .hangs, .time, .traps])
        return others.isEmpty ? 100 : percent
    }

    mutating func script(calls requested: Int) -> String {
        lines = [Self.prelude]
        objectCount = 0
        calls = 0
        callsByKind = [:]
        unprotected = false
        extreme = false
        threaded = false
        raising = false
        // Renders are short (a fifth of the calls, short waits) so a campaign stays fast.
        let rendered = random.chance(share(.render, 8))
        runner = rendered ? (random.chance(50) ? .gif : .filmstrip) : .run
        unprotectedScript = random.chance(share(.unprotected, 10))
        let target = rendered ? max(1, requested / 5) : requested
        // One statement that hangs or crashes today, in some scripts (one is enough: the
        // script ends there), early: most scripts end by a clear error before their end.
        var hazards: [(at: Int, kind: Kind)] = []
        for kind in [Kind.hangs, .time, .traps] where random.chance(share(kind, 5)) { hazards.append((random.below(max(1, target / 10)), kind)) }
        // Start from a window with a root controller, a view and a presented controller: most
        // of the API needs something on screen to act on.
        lines.append("""
            local root = UIViewController.new{ title = "root" }
            transit.window.rootViewController = root
            keep(root); keep(root.view); keep(transit.window); keep(UIView.new{ frame = CGRect(0, 0, 100, 100) })
            keep(UIViewController.new{ title = "other" })
            """)
        while calls < target {
            if let next = hazards.firstIndex(where: { calls >= $0.at }) {
                let kind = hazards.remove(at: next).kind
                calls += 1
                callsByKind[kind, default: 0] += 1
                extreme = kind == .time
                switch kind {
                case .time: timeJump()
                case .traps: trap()
                default: hang()
                }
                extreme = false
                continue
            }
            statement()
            if random.chance(3) {
                let waits = rendered ? ["0", "0.01", "0.05", "0.1"] : ["0", "0.01", "0.1", "0.4", "1"]
                lines.append("transit.wait(\(random.pick(waits)))")
            }
        }
        lines.append(rendered ? "transit.wait(0.2)" : "transit.wait(0.5)")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Statements

    /// One statement of a content kind drawn by weight (`calls` when none is selected), outside
    /// pcall now and then in an unprotected script; callbacks inherit how their statement runs.
    private mutating func statement() {
        let kinds = Kind.content.filter(selection.contains)
        var kind = Kind.calls
        if !kinds.isEmpty {
            var draw = random.below(kinds.reduce(0) { $0 + $1.weight })
            for candidate in kinds {
                if draw < candidate.weight { kind = candidate; break }
                draw -= candidate.weight
            }
        }
        let saved = (unprotected, extreme, threaded, raising)
        defer { (unprotected, extreme, threaded, raising) = saved }
        // A few statements only: the first error outside pcall ends the script, and most of
        // the script should run before it does.
        if depth == 0 { unprotected = unprotectedScript && random.chance(3) }
        calls += 1
        let counted: Kind = runner != .run ? .render : unprotectedScript ? .unprotected : kind
        callsByKind[counted, default: 0] += 1
        switch kind {
        case .threads: threaded = true; threadStatement()
        case .extreme: extreme = true; extremeStatement()
        case .hostile: raising = true; hostileStatement()
        default: callStatement()
        }
    }

    /// A statement of the API as a whole (the original generator).
    private mutating func callStatement() {
        switch random.below(100) {
        case 0..<22: construct()
        case 22..<55: callMethod()
        case 55..<80: touchProperty()
        case 80..<86: animate()
        case 86..<91: present()
        case 91..<95: metatableTrick()
        case 95..<98: classTrick()
        case 98: finalizer()
        default: gesture()
        }
    }

    /// Appends one statement: inside `try` (pcall, its error checked for a place), or, when
    /// unprotected, as a plain block whose error ends the scene. A block must not `return`
    /// (at top level that would end the chunk and make the scene an effect), so its results
    /// are only kept.
    private mutating func emit(_ body: String) {
        if unprotected {
            lines.append("do " + body.replacingOccurrences(of: "return keep(", with: "keep(") + " end")
        } else {
            lines.append("try(function() " + body + " end)")
        }
    }

    /// Threads handed to callbacks and coroutines around the API: the callbacks of a threads
    /// statement keep `coroutine.running()` (see callback()), so the pool holds the scene's
    /// coroutine and whatever threads the host runs callbacks on, and these use them later.
    private mutating func threadStatement() {
        switch random.below(12) {
        case 0: emit("keep(coroutine.running())")
        case 1: emit("local t = pickThread() return keep(coroutine.status(t))")
        case 2: emit("local t = pickThread() return keep(coroutine.close(t))")
        case 3: emit("local t = pickThread() return keep(coroutine.resume(t, \(value("any"))))")
        case 4:
            // A wrapped function that makes an API call, yields, and makes another when resumed
            // (a later statement may call it again through the pool).
            emit("local f = coroutine.wrap(\(callback(yielding: true))) keep(f) return keep(f(\(value("any"))))")
        case 5: emit("local f = pickOf(\"function\") if type(f) == \"function\" then return keep(f(\(value("any")))) end")
        case 6:
            // A presentation started inside a coroutine, which yields mid-transition and
            // dismisses when resumed; the coroutine is kept for others to resume or close.
            let saved = lines
            lines = []
            present()
            let presentation = lines.joined(separator: " ")
            lines = saved
            emit("local co = coroutine.create(function(...) \(presentation) coroutine.yield() "
                + "pickOf(\"UIViewController\"):dismiss(\(value("boolean")), \(callback())) end) keep(co) return keep(coroutine.resume(co))")
        case 7: emit("local co = coroutine.create(function() transit.wait(\(random.pick(Self.harmlessJumps + ["0.1", "1"]))) keep(transit.now()) end) keep(co) return keep(coroutine.resume(co))")
        case 8:
            emit("local t = Timer.scheduledTimer(\(random.pick(["0.01", "0.05", "0.2", "0"])), \(value("boolean")), limited(\(callback()))) keep(t)")
        case 9:
            emit("local l = CADisplayLink.new(limited(\(callback()))) keep(l) l:add(RunLoop.main, \(value("RunLoopMode")))")
        case 10: emit("return keep(coroutine.wrap(function() return coroutine.isyieldable(), \(callbackCall()) end)())")
        default: callStatement()  // the API at large, its callbacks keeping their threads
        }
    }

    /// An API call as an expression (inside a coroutine or a callback).
    private mutating func callbackCall() -> String {
        "(\(callback()))(\(value("any")))"
    }

    /// Extreme numbers in time, animations, timers and value fields, or the API at large with
    /// every number drawn from them more often than not (value() and number() look at
    /// `extreme`).
    private mutating func extremeStatement() {
        switch random.below(12) {
        case 0: emit("transit.step(\(random.pick(Self.harmlessJumps)))")
        case 1: emit("transit.seek(\(random.chance(50) ? "transit.now() + " : "")\(random.pick(Self.harmlessJumps)))")
        case 2: emit("transit.wait(\(random.pick(Self.harmlessJumps)))")
        case 3:
            emit("UIView.animate{ duration = \(value("number")), delay = \(value("number")), dampingRatio = \(value("number")), "
                + "velocity = \(value("number")), animations = \(callback()), completion = \(callback()) }")
        case 4: emit("local t = Timer.scheduledTimer(\(value("number")), \(value("boolean")), limited(\(callback()))) keep(t) \(random.chance(50) ? "t:fire()" : "")")
        case 5:
            emit("local l = CADisplayLink.new(limited(\(callback()))) keep(l) l.preferredFramesPerSecond = \(value("integer")) l:add(RunLoop.main, \"common\")")
        case 6, 7: tamperedValue()
        case 8: constructWithOptions()
        default: callStatement()
        }
    }

    /// The extreme numbers a virtual-time jump refuses or survives today (zero, tiny, negative,
    /// infinite, NaN); the huge finite ones are the `time` generator's.
    static let harmlessJumps = ["0", "-0.0", "1e-300", "-1", "-1e300", "-2^63", "math.huge", "-math.huge", "0/0", "math.mininteger"]

    /// Time jumping far, then a display link or timer scheduled there: the display link's
    /// next refresh overflows Int and traps today
    /// (fuzz-findings/crash-extreme-displaylink-after-time-jump.lua). (Timers ticking through
    /// the jump are stopped by the instruction budget.)
    private mutating func timeJump() {
        let ticking = random.chance(70) ? "CADisplayLink.new(function() keep(transit.now()) end):add(RunLoop.main, \"common\")"
            : "Timer.scheduledTimer(0.01, true, function() keep(transit.now()) end)"
        let jump = random.pick(["1e300", "1e17", "2e17", "2^53", "2^63", "math.maxinteger", "1e6"])
        let how = random.pick(["step(\(jump))", "seek(transit.now() + \(jump))", "wait(\(jump))"])
        // A wait inside a callback advances time directly, past the scene's limit.
        emit("\(how.hasPrefix("wait") ? "UIView.performWithoutAnimation(function() transit.\(how) end)" : "transit.\(how)") keep(\(ticking))")
    }

    /// The numeric fields of the value classes (BridgedValue.fieldNames): values are tables,
    /// writable on the copy, so a script can put any number in any field.
    static let valueFields: [String: [String]] = [
        "CGRect": ["x", "y", "width", "height"], "CGPoint": ["x", "y"], "CGSize": ["width", "height"],
        "CGVector": ["dx", "dy"], "UIColor": ["red", "green", "blue", "alpha"],
        "CGAffineTransform": ["a", "b", "c", "d", "tx", "ty"],
        "CATransform3D": (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } },
        "UIEdgeInsets": ["top", "left", "bottom", "right"], "NSDirectionalEdgeInsets": ["top", "leading", "bottom", "trailing"],
        "CAMediaTimingFunction": ["c1x", "c1y", "c2x", "c2y"],
    ]

    /// A value with an extreme number written into its fields, assigned to a property of that
    /// type (or used by the value's own methods).
    private mutating func tamperedValue() {
        let type = random.pick(Self.valueFields.keys.sorted())
        let fields = Self.valueFields[type]!
        let made: String
        switch type {
        case "CATransform3D": made = "CATransform3D.identity"
        case "CAMediaTimingFunction": made = "CAMediaTimingFunction.new(\"easeIn\")"
        case "UIColor": made = "UIColor.red"
        case "CGAffineTransform": made = "CGAffineTransform.identity"
        default: made = "\(type).new(\((0..<fields.count).map { _ in "1" }.joined(separator: ", ")))"
        }
        var writes = ""
        for _ in 0..<(1 + random.below(3)) { writes += "v.\(random.pick(fields)) = \(extremeNumber()) " }
        let targets = api.classes.flatMap { cls in cls.fields.filter { $0.type == type && !$0.isReadOnly }.map { (cls.name, $0.name) } }
        if let (owner, field) = targets.isEmpty ? nil : random.pick(targets) {
            let receiver = owner == "transit" ? "transit" : "pickOf(\(quoted(owner)))"
            emit("local v = \(made) \(writes)keep(v) local o = \(receiver) o.\(field) = v return keep(o.\(field))")
        } else {
            emit("local v = \(made) \(writes)return keep(v, tostring(v), v == v)")
        }
    }

    /// A constructor whose options table sets the class's own writable fields (font sizes,
    /// radii, durations, ...) to values drawn while numbers are extreme.
    private mutating func constructWithOptions() {
        let candidates = constructible.filter { cls in
            cls.functions.contains { $0.name == "new" && !$0.isMethod && $0.parameters.first?.type.hasPrefix("table") == true }
        }
        guard !candidates.isEmpty else { return callStatement() }
        let cls = random.pick(candidates)
        let writable = cls.fields.filter { !$0.isReadOnly && $0.name != "super" }
        var entries: [String] = []
        for _ in 0..<min(writable.count, 1 + random.below(4)) {
            let field = random.pick(writable)
            entries.append("\(field.name) = \(value(field.type))")
        }
        emit("return keep(\(cls.name).new{ \(entries.joined(separator: ", ")) })")
    }

    /// Lua that is hostile to a host but ends (an error, a memory or budget refusal): erroring
    /// metamethods met by the host, non-string errors through callbacks (callback() adds them
    /// while `raising`), recursion through Lua and through the host, string and table bombs.
    private mutating func hostileStatement() {
        switch random.below(14) {
        case 0: emit("setmetatable({}, { __gc = function() \(hostileError()) end }) collectgarbage()")
        case 1:
            // __tostring that fails or answers a non-string, met by the host's own formatting.
            let answer = random.pick(["error(\"tostring\")", "return {}", "return 42", "return nil", "return true", "\(hostileError())"])
            let use = random.pick(["transit.log(o)", "pickOf(\"UILabel\").text = o", "UIColor.hex(o)", "raise(o)", "keep(string.format(\"%s\", o))"])
            emit("local o = setmetatable({}, { __tostring = function() \(answer) end, __name = \(random.pick(["\"Fuzzy\"", "42", "{}"])) }) keep(o) \(use)")
        case 2: emit("\(hostileError())")
        case 3: emit("local function f() return 1 + f() end return keep(f())")
        case 4:
            // Recursion through the host: each level is a host call that calls Lua back.
            let host = random.pick(["UIView.performWithoutAnimation(f)", "UIView.animate(0, f)", "CATransaction.setCompletionBlock(f) CATransaction.flush()",
                                    "pickOf(\"UIView\"):layoutIfNeeded() f()", "keep(UIGraphicsImageRenderer.new{ size = CGSize(1, 1) }:image(f))"])
            emit("local function f() \(host) end f()")
        case 5: emit("local t = setmetatable({}, {}) getmetatable(t).__index = function(s, k) return s[k] end return keep(UIView.new(t))")
        // (The empty string repeated a huge number of times loops in liblua: that is `hangs`.)
        case 6: emit("return keep(string.rep(\(random.pick(["\"x\"", "\"ab\""])), \(random.pick(["1e9", "2^31", "1e8", "math.maxinteger", "2^53"])), \(random.pick(["nil", "\",\"", "\"\""]))))")
        case 7: emit("local t = {} for i = 1, \(random.pick(["1e7", "1e8", "2^40"])) do t[i] = {} end keep(t)")
        case 8: emit("return keep(table.unpack({}, 1, \(random.pick(["1e6", "1e8", "math.maxinteger"]))))")
        case 9:
            // Options tables whose reads fail, yield or recurse while the host reads them.
            let index = random.pick(["function() \(hostileError()) end", "function() coroutine.yield() end", "function(t, k) return t[k] end",
                                     "function() return setmetatable({}, { __index = function() error({}) end }) end"])
            let cls = random.pick(["UIView", "UILabel", "CALayer", "CABasicAnimation", "UIViewPropertyAnimator", "UIViewController"])
            emit("return keep(\(cls).new(setmetatable({}, { __index = \(index) })))")
        case 10:
            let close = "setmetatable({}, { __close = function() \(hostileError()) end })"
            emit("local c <close> = \(close) \(callbackCall())")
        case 11: emit("local t = setmetatable({}, { __len = function() return 2^63 end, __index = function(_, i) return pickAny() end }) return keep(table.concat(t, \",\"), #t, transit.log(t))")
        case 12: emit("return keep(load(string.rep(\"(\", \(random.pick(["1e3", "1e5"]))) .. \"1\" .. string.rep(\")\", 10)))")
        default: callStatement()  // the API at large, its callbacks raising non-string errors
        }
    }

    /// A non-string error (or one whose message fails to print): `raise` registers it, so `try`
    /// knows it for the script's own and a host that passes it through stays quiet.
    private mutating func hostileError() -> String {
        random.pick(["raise({})", "raise(4242)", "raise(nil)", "raise(true)", "raise(false)", "raise(0/0)",
                     "raise(setmetatable({}, { __tostring = function() error(\"inner\") end }))",
                     "raise(setmetatable({}, { __tostring = function() return {} end }))", "error()"])
    }

    /// Closing the main Lua thread, kept from a display link's callback, then more callbacks:
    /// the process crashes in liblua today (fuzz-findings/crash-threads-close-main-thread.lua).
    private mutating func trap() {
        emit("local l = CADisplayLink.new(function(link) link:invalidate() keep(coroutine.running()) end) keep(l) l:add(RunLoop.main, \"common\")")
        lines.append("transit.wait(0.05)")
        emit("local t = mainThread if t then keep(coroutine.close(t)) end")
        emit("local v = UIView.new() UIView.animate(0.1, function() v.alpha = 0 end, function() keep(v) end)")
    }

    /// One statement that hangs the process today (no instruction budget reaches them: the
    /// pattern matcher is one C call; a looping finalizer runs outside the scene's hooks).
    private mutating func hang() {
        switch random.below(7) {
        case 6: emit("return keep(string.rep(\"\", math.maxinteger))")
        case 0: emit("setmetatable({}, { __gc = function() while true do end end }) collectgarbage()")
        case 1: emit("return keep(string.find(string.rep(\"a\", 30) .. \"b\", string.rep(\"a*\", 30) .. \"c\"))")
        case 2: emit("return keep((\"x\"):rep(1e5):find(\".-.-.-.-y\"))")
        case 3: emit("return keep(string.match(string.rep(\"a\", 40), string.rep(\"a?\", 40) .. string.rep(\"a\", 40) .. \"b\"))")
        case 4: emit("return keep(string.gsub(string.rep(\"ab\", 1e4), \".-.-.-.-z\", \"\"))")
        default: emit("for m in string.gmatch(string.rep(\"x\", 1e5), \".-.-.-y\") do keep(m) end")
        }
    }

    private mutating func construct() {
        guard !constructible.isEmpty else { return }
        let cls = random.pick(constructible)
        let function = cls.functions.first { $0.name == "new" && !$0.isMethod }!
        emit("return keep(\(cls.name).new(\(arguments(function.parameters))))")
    }

    private mutating func callMethod() {
        // UIKit's free functions (the image-context stack) now and then.
        if !api.globals.isEmpty, self.random.chance(4) {
            let function = self.random.pick(api.globals)
            emit("return keep(\(function.name)(\(arguments(function.parameters))))")
            return
        }
        let cls = random.pick(api.classes)
        guard !cls.functions.isEmpty else { return }
        let function = random.pick(cls.functions)
        if function.isMethod {
            let receiver = random.chance(85) ? "pickOf(\(quoted(cls.name)))" : value(random.pick(["any", "table", "number"]))
            emit("local o = \(receiver) return keep(o:\(function.name)(\(arguments(function.parameters))))")
        } else {
            // A jump in virtual time by a huge number belongs to the `time` generator (a wait
            // outside the scene's coroutine, in a callback, advances unbounded too).
            if cls.name == "transit" && ["step", "seek", "wait"].contains(function.name) && !selection.contains(.time) {
                return emit("transit.\(function.name)(\(random.pick(Self.harmlessJumps + ["0.1", "1"])))")
            }
            emit("return keep(\(cls.name).\(function.name)(\(arguments(function.parameters))))")
        }
    }

    private mutating func touchProperty() {
        let cls = random.pick(api.classes)
        guard !cls.fields.isEmpty else { return }
        let field = random.pick(cls.fields)
        let receiver = cls.name == "transit" ? "transit" : "pickOf(\(quoted(cls.name)))"
        if random.chance(45) || field.isReadOnly && random.chance(70) {
            emit("local o = \(receiver) return keep(o.\(field.name))")
        } else {
            emit("local o = \(receiver) o.\(field.name) = \(value(field.type))")
        }
    }

    private mutating func animate() {
        let body = callback()
        switch random.below(4) {
        case 0:
            emit("UIView.animate(\(value("number")), \(body), \(callback()))")
        case 1:
            emit("UIView.animate{ duration = \(value("number")), delay = \(value("number")), dampingRatio = \(value("number")), animations = \(body), completion = \(callback()) }")
        case 2:
            emit("local p = UIViewPropertyAnimator.new{ duration = \(value("number")), curve = \(value("UIViewAnimationCurve")), animations = \(body) } keep(p) p:startAnimation()")
        default:
            emit("UIView.animateKeyframes{ duration = \(value("number")), animations = function() UIView.addKeyframe(\(value("number")), \(value("number")), \(body)) end, completion = \(callback()) }")
        }
    }

    /// A presentation through an animator whose hooks call back into the API.
    private mutating func present() {
        let duration = value("number")
        let hook = callback()
        emit("""
              local animator = {}
              function animator:transitionDuration(ctx) return \(duration) end
              function animator:animateTransition(ctx)
                keep(ctx); (\(hook))(ctx)
                local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
                if coordinator then coordinator:animateAlongsideTransition(\(callback()), \(callback())) end
                local view = ctx:view("to") or ctx:view("from")
                if view and \(random.chance(80) ? "true" : "false") then ctx.containerView:addSubview(view) end
                UIView.animate(0.2, function() if view then view.alpha = \(value("number")) end end,
                  function() if \(random.chance(90) ? "true" : "false") then ctx:completeTransition(\(value("boolean"))) end end)
              end
              local vc = UIViewController.new{ title = "p" }
              vc.modalPresentationStyle = \(value("UIModalPresentationStyle"))
              vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
                animationControllerForDismissed = function() return animator end,
                presentationController = \(random.chance(30) ? callback() : "nil") }
              keep(vc)
              local from = pickOf("UIViewController")
              from:present(vc, \(value("boolean")), \(callback()))
            """)
    }

    private mutating func gesture() {
        switch random.below(9) {
        case 0: emit("transit.touch.pan{ from = \(value("CGPoint")), to = \(value("CGPoint")), duration = \(value("number")) }")
        case 1: emit("transit.touch.edgePan{ edge = \(value("UIRectEdge")), to = \(value("number")), duration = \(value("number")) }")
        case 2: emit("transit.touch.press{ at = \(value("CGPoint")), duration = \(value("number")), touches = \(value("number")) }")
        case 3: emit("transit.touch.pinch{ center = \(value("CGPoint")), toScale = \(value("number")), duration = \(value("number")) }")
        case 4: emit("transit.touch.swipe{ from = \(value("CGPoint")), to = \(value("CGPoint")), duration = \(value("number")), touches = \(value("number")) }")
        case 5:
            // A recognizer whose delegate and targets call back into the API while touches are
            // arbitrated, with a failure requirement on another recognizer.
            let kind = random.pick(["UIPanGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer",
                                    "UIPinchGestureRecognizer", "UISwipeGestureRecognizer", "UIScreenEdgePanGestureRecognizer"])
            emit("local g = \(kind).new(\(callback())) keep(g) "
                + "g.delegate = { gestureRecognizerShouldBegin = \(callback()), shouldRecognizeSimultaneouslyWith = \(callback()), "
                + "shouldRequireFailureOf = \(callback()), shouldBeRequiredToFailBy = \(callback()) } "
                + "g:addTarget(pickAny(), \(callback())) g:require(pickOf(\"UIGestureRecognizer\")) "
                + "pickOf(\"UIView\"):addGestureRecognizer(g)")
        case 6:
            emit("local s = UIScrollView.new{ frame = \(value("CGRect")), contentSize = \(value("CGSize")) } keep(s) "
                + "s.delegate = { scrollViewDidScroll = \(callback()) } s.contentOffset = \(value("CGPoint")) "
                + "pickOf(\"UIView\"):addSubview(s)")
        case 7:
            // A collection view whose data source and delegate answer with random values or
            // call back into the API while it lays out, scrolls and is tapped.
            emit("local cv = UICollectionView.new{ frame = \(value("CGRect")), collectionViewLayout = UICollectionViewFlowLayout.new{ "
                + "itemSize = \(value("CGSize")), minimumLineSpacing = \(value("number")), scrollDirection = \(value("UICollectionViewScrollDirection")) } } keep(cv) "
                + "cv:register(UICollectionViewCell, \"c\") "
                + "cv.dataSource = { numberOfSections = function() return \(value("integer")) end, numberOfItemsInSection = function() return \(value("integer")) end, "
                + "cellForItemAt = function(_, v, p) if \(value("boolean")) then return (\(callback()))() end return v:dequeueReusableCell(\"c\", p) end } "
                + "cv.delegate = { didSelectItemAt = \(callback()), sizeForItemAt = function() return \(value("CGSize")) end } "
                + "pickOf(\"UIView\"):addSubview(cv) cv:layoutIfNeeded() cv.contentOffset = \(value("CGPoint")) "
                + "transit.touch.tap{ at = \(value("CGPoint")) }")
        case 8:
            emit("local tv = UITableView.new{ frame = \(value("CGRect")), rowHeight = \(value("number")) } keep(tv) "
                + "tv:register(UITableViewCell, \"r\") "
                + "tv.dataSource = { numberOfRowsInSection = function() return \(value("integer")) end, "
                + "cellForRowAt = function(_, v, p) if \(value("boolean")) then return (\(callback()))() end return v:dequeueReusableCell(\"r\", p) end } "
                + "tv.delegate = { didSelectRowAt = \(callback()), heightForRowAt = function() return \(value("number")) end } "
                + "pickOf(\"UIView\"):addSubview(tv) tv:layoutIfNeeded() tv:scrollToRow(\(value("IndexPath")), \(value("UITableViewScrollPosition"))) "
                + "transit.touch.tap{ at = \(value("CGPoint")) }")
        default:
            emit("local g = UIPanGestureRecognizer.new(\(callback())) keep(g) pickOf(\"UIView\"):addGestureRecognizer(g)")
        }
    }

    /// A table whose `__gc` calls back into the API while the collector runs.
    private mutating func finalizer() {
        emit("setmetatable({}, { __gc = \(callback()) }) collectgarbage()")
    }

    /// The real metatables of host objects and values, their metamethods called with the wrong
    /// `self`, and a manual `__gc` followed by a use.
    private mutating func metatableTrick() {
        let target = random.pick(["pickOf(\"UIView\")", "pickOf(\"UIViewController\")", "transit.screen", "transit.device",
                                  "pickOf(\"CGRect\")", "pickOf(\"UIColor\")", "pickOf(\"CALayer\")", "pickAny()"])
        switch random.below(3) {
        case 0:
            emit("local mt = getmetatable(\(target)) if type(mt) == 'table' then for _, name in ipairs({'__index', '__newindex', '__eq', '__tostring', '__call', '__len', '__gc', '__close'}) do local f = rawget(mt, name) if type(f) == 'function' then try(function() f(\(value("any")), \(value("string")), \(value("any"))) end) end end end")
        case 1:
            emit("local o = \(target) local mt = getmetatable(o) if type(mt) == 'table' and type(rawget(mt, '__gc')) == 'function' then mt.__gc(o) end keep(o.frame) keep(tostring(o))")
        default:
            emit("setmetatable(\(target), {})")
        }
    }

    /// Subclasses whose chains loop or whose tables are tampered with.
    private mutating func classTrick() {
        objectCount += 1
        let base = random.pick(["NSObject", "UIView", "UIViewController", "UIPresentationController", "UIPercentDrivenInteractiveTransition"])
        let name = "Fuzz\(objectCount)"
        let trick = random.pick(["rawset(S, 'super', S)", "setmetatable(S, { __index = S })", "rawset(S, 'init', \(callback()))",
                                 "S.init = function(self, ...) keep(self) end", "rawset(S, '__index', S)"])
        emit("local S = \(base):subclass(\(quoted(name))) keep(S) \(trick) local o = S.new(\(value("any"))) keep(o) keep(o.missingField)")
    }

    // MARK: - Values

    private mutating func arguments(_ parameters: [(name: String, type: String)]) -> String {
        var list = parameters.map { parameter in value(parameter.name == "..." ? "any" : parameter.type) }
        if random.chance(10) { list.append(value("any")) }  // one too many
        if random.chance(10), !list.isEmpty { list.removeLast() }  // one too few
        return list.joined(separator: ", ")
    }

    /// A function that calls back into the API (bounded nesting). In a threads statement it
    /// keeps the thread it runs on and may yield from it (`yielding`: always, between two API
    /// calls); in a hostile one it may end by raising a non-string error.
    private mutating func callback(yielding: Bool = false) -> String {
        guard depth < 2 else { return random.chance(50) ? "function() end" : "nil" }
        depth += 1
        defer { depth -= 1 }
        var body: [String] = []
        let saved = lines
        lines = []
        if threaded { lines.append("keep(coroutine.running())") }
        for _ in 0..<(1 + random.below(3)) { statement() }
        if yielding || threaded && random.chance(30) {
            // Unprotected, a yield the host cannot take must end the scene with a place.
            lines.append(unprotected ? "keep(coroutine.yield(pickAny()))" : "try(function() keep(coroutine.yield(pickAny())) end)")
            statement()
        }
        if random.chance(20) { lines.append("transit.wait(0.1)") }  // time cannot move from here: must be an error
        if raising && random.chance(40) { lines.append(hostileError()) }
        body = lines
        lines = saved
        return "function(...) " + body.joined(separator: " ") + " end"
    }

    mutating func value(_ type: String) -> String {
        if random.chance(15) { return hostile() }
        var type = type
        if type.hasSuffix("?") {
            if random.chance(20) { return "nil" }
            type.removeLast()
        }
        if type.contains("|") { return value(random.pick(type.split(separator: "|").map(String.init))) }
        if type.hasSuffix("[]") {
            let element = String(type.dropLast(2))
            return "{" + (0..<random.below(4)).map { _ in value(element) }.joined(separator: ", ") + "}"
        }
        switch type {
        case "number" where extreme && random.chance(60), "integer" where extreme && random.chance(60): return extremeNumber()
        case "number": return random.pick(["0", "1", "0.25", "0.5", "-1", "100", "375", "2", "0.3", "1e-9"])
        case "integer": return random.pick(["0", "1", "2", "-1", "3", "10"])
        case "boolean": return random.chance(50) ? "true" : "false"
        case "string": return random.pick(["\"\"", "\"card\"", "\"to\"", "\"from\"", "\"alpha\"", "\"opacity\"", "\"x\""])
        case "function": return callback()
        case "table": return random.pick(["{}", "{ duration = 0.3 }", "{ frame = CGRect(0, 0, 10, 10) }", "{ title = \"t\" }"])
        case "any": return random.chance(50) ? "pickAny()" : hostile()
        case "CGRect": return "CGRect(\(number()), \(number()), \(number()), \(number()))"
        case "CGPoint": return "CGPoint(\(number()), \(number()))"
        case "CGSize": return "CGSize(\(number()), \(number()))"
        case "CGVector": return "CGVector(\(number()), \(number()))"
        case "IndexPath": return random.chance(80) ? "IndexPath{ item = \(random.pick(["1", "2", "5"])), section = 1 }" : "IndexPath{ item = \(number()), section = \(number()) }"
        case "UIColor": return random.pick(["UIColor.red", "UIColor{ white = \(number()), alpha = \(number()) }", "UIColor.clear"])
        case "CGAffineTransform":
            return random.pick(["CGAffineTransform.identity", "CGAffineTransform.scale(\(number()), \(number()))",
                                "CGAffineTransform.rotation(\(number()))", "CGAffineTransform.translation(\(number()), \(number()))"])
        default:
            if let fields = api.optionTables[type] {
                // An options table from its declared keys: the required ones, some of the
                // others, and now and then a key it does not take.
                var entries = fields.filter { !$0.isOptional || random.chance(50) }.map { "[\"\($0.name)\"] = \(value($0.type))" }
                if random.chance(10) { entries.append("notAnOption = 1") }
                return "{ " + entries.joined(separator: ", ") + " }"
            }
            if let values = api.enumerations[type], !values.isEmpty {
                return random.chance(90) ? quoted(random.pick(values)) : "\"notA\(type)\""
            }
            return "pickOf(\(quoted(type)))"
        }
    }

    private mutating func number() -> String {
        if extreme && random.chance(60) { return extremeNumber() }
        return random.chance(90) ? random.pick(["0", "1", "10", "-5", "100", "375", "0.5"]) : hostileNumber()
    }

    /// The numbers at the edges of doubles and of the conversions to Int the host makes: zero
    /// of both signs ("-0" in Lua is the integer 0, so -0.0), the smallest normal-ish and the
    /// largest magnitudes, 2^53 (last exact integer), 2^63 (first past Int64), 1e17 and 2e17
    /// (seconds that overflow nanoseconds), infinities, NaN, and the integer extremes.
    private mutating func extremeNumber() -> String {
        random.pick(["0", "-0.0", "1e-300", "-1", "1e300", "-1e300", "2^53", "2^63", "-2^63", "1e17", "2e17",
                     "math.huge", "-math.huge", "0/0", "math.maxinteger", "math.mininteger"])
    }

    private mutating func hostileNumber() -> String {
        random.pick(["0/0", "math.huge", "-math.huge", "1e308", "-1e308", "2^63", "-2^63", "1e6", "1e-308", "math.maxinteger", "math.mininteger", "4294967296"])
    }

    private mutating func hostile() -> String {
        switch random.below(10) {
        case 0, 1, 2: return hostileNumber()
        case 3: return "nil"
        case 4: return "cycle()"
        case 5: return "string.rep(\"x\", 100000)"
        case 6: return "pickAny()"
        case 7: return random.pick(["true", "false", "{}", "\"\"", "coroutine.create(function() end)"])
        case 8: return "setmetatable({}, { __index = function() error(\"trap\") end, __tostring = function() error(\"trap\") end })"
        default: return "(function() return pickAny end)()"
        }
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// Helpers every script starts with: a pool of what was made, `try` that checks errors name
    /// their file and line, and constructors for cycles.
    static let prelude = """
        local pool, byClass, count = {}, {}, 0
        local function className(o)
          local ok, text = pcall(tostring, o)
          if not ok or type(text) ~= "string" then return nil end
          return text:match("^<?([%w_]+)")
        end
        -- The main Lua thread, once a callback's coroutine.running() has handed it out.
        mainThread = nil
        function keep(o, ...)
          if type(o) == "thread" and select("#", ...) > 0 and (...) == true then mainThread = o end
          if o ~= nil and count < 400 then
            count = count + 1
            pool[count] = o
            local name = className(o)
            if name then byClass[name] = byClass[name] or {}; table.insert(byClass[name], o) end
          end
          return o, ...
        end
        function pickAny() if count == 0 then return nil end return pool[(count * 7919) % count + 1] end
        local picks = 0
        function pickOf(name)
          picks = picks + 1
          local list = byClass[name]
          if list and #list > 0 then return list[picks % #list + 1] end
          if name == "UIView" or name == "UIWindow" then return transit.window end
          if name == "UIViewController" then return transit.window.rootViewController end
          if name == "CALayer" then return transit.window.layer end
          return pickAny()
        end
        function cycle() local t = {} t.self = t t[1] = t return t end
        -- A kept thread other than the main one (closing that is the `traps` generator's).
        function pickThread()
          local t = pickOf("thread")
          if t == mainThread then return coroutine.create(function() end) end
          return t
        end
        -- A repeating callback (timer, display link) that stops itself after three calls: the
        -- first calls are what is tested; thousands of each only make the campaign slow.
        function limited(f)
          local n = 0
          return function(link, ...)
            n = n + 1
            if n > 3 then pcall(function() link:invalidate() end) return end
            if type(f) == "function" then return f(link, ...) end
          end
        end
        local function clear(message)
          return type(message) == "string" and (message:find("^[^\\n]-%.lua:%d+: ") or message:find("^interrupted"))
        end
        -- Non-string errors the script raised itself come back unchanged through pcall, as
        -- Lua passes them; only those (nil, booleans, 4242, NaN, registered tables) are quiet.
        local thrown = setmetatable({}, { __mode = "k" })
        function raise(v) if type(v) == "table" then thrown[v] = true end error(v) end
        local function ours(m)
          return m == nil or type(m) == "boolean" or m == 4242 or m ~= m or type(m) == "table" and thrown[m]
        end
        function try(f, ...)
          local ok, message = pcall(f, ...)
          if not ok and not clear(message) and not ours(message) then
            local text = type(message) == "string" and message or ("(" .. type(message) .. ")")
            print("UNCLEAR: " .. text:gsub("\\n", " "):sub(1, 300))
          end
        end
        """
}
