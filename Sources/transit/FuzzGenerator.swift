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
/// waits so time passes and the callbacks run. Every call is protected, so one script makes
/// hundreds of calls; an error a call raises must name its file and line, else the script
/// prints `UNCLEAR:` with it.
struct FuzzGenerator {
    let api: FuzzAPI
    var random: FuzzRandom
    private(set) var calls = 0
    private var lines: [String] = []
    private var objectCount = 0
    private var depth = 0

    /// Classes worth constructing (the host's namespaces and protocol-only types are not).
    private var constructible: [FuzzAPI.Class] {
        api.classes.filter { cls in cls.functions.contains { $0.name == "new" && !$0.isMethod } }
    }

    init(api: FuzzAPI, seed: UInt64) {
        self.api = api
        random = FuzzRandom(seed: seed)
    }

    mutating func script(calls target: Int) -> String {
        lines = [Self.prelude]
        objectCount = 0
        calls = 0
        // Start from a window with a root controller, a view and a presented controller: most
        // of the API needs something on screen to act on.
        lines.append("""
            local root = UIViewController.new{ title = "root" }
            transit.window.rootViewController = root
            keep(root); keep(root.view); keep(transit.window); keep(UIView.new{ frame = CGRect(0, 0, 100, 100) })
            keep(UIViewController.new{ title = "other" })
            """)
        while calls < target {
            statement()
            if random.chance(3) { lines.append("transit.wait(\(random.pick(["0", "0.01", "0.1", "0.4", "1"])))") }
        }
        lines.append("transit.wait(0.5)")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Statements

    private mutating func statement() {
        calls += 1
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

    private mutating func construct() {
        guard !constructible.isEmpty else { return }
        let cls = random.pick(constructible)
        let function = cls.functions.first { $0.name == "new" && !$0.isMethod }!
        lines.append("try(function() return keep(\(cls.name).new(\(arguments(function.parameters)))) end)")
    }

    private mutating func callMethod() {
        // UIKit's free functions (the image-context stack) now and then.
        if !api.globals.isEmpty, self.random.chance(4) {
            let function = self.random.pick(api.globals)
            lines.append("try(function() return keep(\(function.name)(\(arguments(function.parameters)))) end)")
            return
        }
        let cls = random.pick(api.classes)
        guard !cls.functions.isEmpty else { return }
        let function = random.pick(cls.functions)
        if function.isMethod {
            let receiver = random.chance(85) ? "pickOf(\(quoted(cls.name)))" : value(random.pick(["any", "table", "number"]))
            lines.append("try(function() local o = \(receiver) return keep(o:\(function.name)(\(arguments(function.parameters)))) end)")
        } else {
            lines.append("try(function() return keep(\(cls.name).\(function.name)(\(arguments(function.parameters)))) end)")
        }
    }

    private mutating func touchProperty() {
        let cls = random.pick(api.classes)
        guard !cls.fields.isEmpty else { return }
        let field = random.pick(cls.fields)
        let receiver = cls.name == "transit" ? "transit" : "pickOf(\(quoted(cls.name)))"
        if random.chance(45) || field.isReadOnly && random.chance(70) {
            lines.append("try(function() local o = \(receiver) return keep(o.\(field.name)) end)")
        } else {
            lines.append("try(function() local o = \(receiver) o.\(field.name) = \(value(field.type)) end)")
        }
    }

    private mutating func animate() {
        let body = callback()
        switch random.below(4) {
        case 0:
            lines.append("try(function() UIView.animate(\(value("number")), \(body), \(callback())) end)")
        case 1:
            lines.append("try(function() UIView.animate{ duration = \(value("number")), delay = \(value("number")), dampingRatio = \(value("number")), animations = \(body), completion = \(callback()) } end)")
        case 2:
            lines.append("try(function() local p = UIViewPropertyAnimator.new{ duration = \(value("number")), curve = \(value("UIViewAnimationCurve")), animations = \(body) } keep(p) p:startAnimation() end)")
        default:
            lines.append("try(function() UIView.animateKeyframes{ duration = \(value("number")), animations = function() UIView.addKeyframe(\(value("number")), \(value("number")), \(body)) end, completion = \(callback()) } end)")
        }
    }

    /// A presentation through an animator whose hooks call back into the API.
    private mutating func present() {
        let duration = value("number")
        let hook = callback()
        lines.append("""
            try(function()
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
            end)
            """)
    }

    private mutating func gesture() {
        switch random.below(7) {
        case 0: lines.append("try(function() transit.touch.pan{ from = \(value("CGPoint")), to = \(value("CGPoint")), duration = \(value("number")) } end)")
        case 1: lines.append("try(function() transit.touch.edgePan{ edge = \(value("UIRectEdge")), to = \(value("number")), duration = \(value("number")) } end)")
        case 2: lines.append("try(function() transit.touch.press{ at = \(value("CGPoint")), duration = \(value("number")), touches = \(value("number")) } end)")
        case 3: lines.append("try(function() transit.touch.pinch{ center = \(value("CGPoint")), toScale = \(value("number")), duration = \(value("number")) } end)")
        case 4: lines.append("try(function() transit.touch.swipe{ from = \(value("CGPoint")), to = \(value("CGPoint")), duration = \(value("number")), touches = \(value("number")) } end)")
        case 5:
            // A recognizer whose delegate and targets call back into the API while touches are
            // arbitrated, with a failure requirement on another recognizer.
            let kind = random.pick(["UIPanGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer",
                                    "UIPinchGestureRecognizer", "UISwipeGestureRecognizer", "UIScreenEdgePanGestureRecognizer"])
            lines.append("try(function() local g = \(kind).new(\(callback())) keep(g) "
                + "g.delegate = { gestureRecognizerShouldBegin = \(callback()), shouldRecognizeSimultaneouslyWith = \(callback()), "
                + "shouldRequireFailureOf = \(callback()), shouldBeRequiredToFailBy = \(callback()) } "
                + "g:addTarget(pickAny(), \(callback())) g:require(pickOf(\"UIGestureRecognizer\")) "
                + "pickOf(\"UIView\"):addGestureRecognizer(g) end)")
        case 6:
            lines.append("try(function() local s = UIScrollView.new{ frame = \(value("CGRect")), contentSize = \(value("CGSize")) } keep(s) "
                + "s.delegate = { scrollViewDidScroll = \(callback()) } s.contentOffset = \(value("CGPoint")) "
                + "pickOf(\"UIView\"):addSubview(s) end)")
        default:
            lines.append("try(function() local g = UIPanGestureRecognizer.new(\(callback())) keep(g) pickOf(\"UIView\"):addGestureRecognizer(g) end)")
        }
    }

    /// A table whose `__gc` calls back into the API while the collector runs.
    private mutating func finalizer() {
        lines.append("try(function() setmetatable({}, { __gc = \(callback()) }) collectgarbage() end)")
    }

    /// The real metatables of host objects and values, their metamethods called with the wrong
    /// `self`, and a manual `__gc` followed by a use.
    private mutating func metatableTrick() {
        let target = random.pick(["pickOf(\"UIView\")", "pickOf(\"UIViewController\")", "transit.screen", "transit.device",
                                  "pickOf(\"CGRect\")", "pickOf(\"UIColor\")", "pickOf(\"CALayer\")", "pickAny()"])
        switch random.below(3) {
        case 0:
            lines.append("try(function() local mt = getmetatable(\(target)) if type(mt) == 'table' then for _, name in ipairs({'__index', '__newindex', '__eq', '__tostring', '__call', '__len', '__gc', '__close'}) do local f = rawget(mt, name) if type(f) == 'function' then try(function() f(\(value("any")), \(value("string")), \(value("any"))) end) end end end end)")
        case 1:
            lines.append("try(function() local o = \(target) local mt = getmetatable(o) if type(mt) == 'table' and type(rawget(mt, '__gc')) == 'function' then mt.__gc(o) end keep(o.frame) keep(tostring(o)) end)")
        default:
            lines.append("try(function() setmetatable(\(target), {}) end)")
        }
    }

    /// Subclasses whose chains loop or whose tables are tampered with.
    private mutating func classTrick() {
        objectCount += 1
        let base = random.pick(["NSObject", "UIView", "UIViewController", "UIPresentationController", "UIPercentDrivenInteractiveTransition"])
        let name = "Fuzz\(objectCount)"
        let trick = random.pick(["rawset(S, 'super', S)", "setmetatable(S, { __index = S })", "rawset(S, 'init', \(callback()))",
                                 "S.init = function(self, ...) keep(self) end", "rawset(S, '__index', S)"])
        lines.append("try(function() local S = \(base):subclass(\(quoted(name))) keep(S) \(trick) local o = S.new(\(value("any"))) keep(o) keep(o.missingField) end)")
    }

    // MARK: - Values

    private mutating func arguments(_ parameters: [(name: String, type: String)]) -> String {
        var list = parameters.map { parameter in value(parameter.name == "..." ? "any" : parameter.type) }
        if random.chance(10) { list.append(value("any")) }  // one too many
        if random.chance(10), !list.isEmpty { list.removeLast() }  // one too few
        return list.joined(separator: ", ")
    }

    /// A function that calls back into the API (bounded nesting).
    private mutating func callback() -> String {
        guard depth < 2 else { return random.chance(50) ? "function() end" : "nil" }
        depth += 1
        defer { depth -= 1 }
        var body: [String] = []
        let saved = lines
        lines = []
        for _ in 0..<(1 + random.below(3)) { statement() }
        if random.chance(20) { lines.append("transit.wait(0.1)") }  // time cannot move from here: must be an error
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
        case "UIColor": return random.pick(["UIColor.red", "UIColor{ white = \(number()), alpha = \(number()) }", "UIColor.clear"])
        case "CGAffineTransform":
            return random.pick(["CGAffineTransform.identity", "CGAffineTransform.scale(\(number()), \(number()))",
                                "CGAffineTransform.rotation(\(number()))", "CGAffineTransform.translation(\(number()), \(number()))"])
        default:
            if let values = api.enumerations[type], !values.isEmpty {
                return random.chance(90) ? quoted(random.pick(values)) : "\"notA\(type)\""
            }
            return "pickOf(\(quoted(type)))"
        }
    }

    private mutating func number() -> String {
        random.chance(90) ? random.pick(["0", "1", "10", "-5", "100", "375", "0.5"]) : hostileNumber()
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
        function keep(o, ...)
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
        local function clear(message)
          return type(message) == "string" and (message:find("^[^\\n]-%.lua:%d+: ") or message:find("^interrupted"))
        end
        function try(f, ...)
          local ok, message = pcall(f, ...)
          if not ok and not clear(message) then
            local text = type(message) == "string" and message or ("(" .. type(message) .. ")")
            print("UNCLEAR: " .. text:gsub("\\n", " "):sub(1, 300))
          end
        end
        """
}
