import CLua
import TransitCore

// No silent typos in hook names (docs/semantics.md, "Safety net"). UIKit calls an optional hook
// only under its exact name, so `animateTransiton` or `presentationTransitionWillBegn` is simply
// never called: the transition runs with UIKit's default and nothing says why. Here, the first
// time the engine asks an object for a hook of some protocol (or of an overridable class), the
// functions the object defines — its own fields, its Lua classes' methods, a plain table's keys
// and those reached through its metatable's `__index` tables — are compared with that
// protocol's hooks; a name within NearMiss's distance of a hook, and not itself a hook or member,
// is reported once as a problem at the line that defined the function.
//
// The scan reads tables raw (lua_next, lua_rawget): it never runs the script's metamethods.
// Which objects were scanned for which protocol is kept in a weak-keyed registry table, so an
// object is scanned once per protocol and a collected object's entry goes with it.

/// The hooks of one protocol, or the overridable hooks of one bound class.
struct HookGroup {
    let name: String
    /// The names a near miss is compared with (not the former names of renamed hooks).
    let hooks: [String]
    /// For a class's hooks: they apply to instances of this bound class and its subclasses only.
    let boundClass: String?
    /// UIKit's spellings of the hooks (SwiftSpellings.swift): spelling → the hooks it may mean.
    let spellings: [String: [HookSpelling]]

    init(name: String, hooks: [APIFunction], boundClass: String?) {
        self.name = name
        self.hooks = hooks.filter { $0.renamedTo == nil }.map(\.name)
        self.boundClass = boundClass
        var spellings: [String: [HookSpelling]] = [:]
        // One table per hook, so a base name shared by several (`navigationController`) lists each.
        for hook in hooks {
            for (spelling, meaning) in SwiftSpellings.hookSpellings([hook], exclude: KnownMembers.allHooks) {
                spellings[spelling, default: []].append(meaning)
            }
        }
        self.spellings = spellings
    }

    static let all: [HookGroup] = {
        let api = TransitAPI.description
        return api.protocols.map { HookGroup(name: $0.name, hooks: $0.hooks, boundClass: nil) }
            + api.classes.filter { !$0.hooks.isEmpty }.map { HookGroup(name: $0.name, hooks: $0.hooks, boundClass: $0.name) }
    }()

    /// Hook name → the groups declaring it.
    static let byHook: [String: [HookGroup]] = {
        var table: [String: [HookGroup]] = [:]
        for group in all { for hook in group.hooks { table[hook, default: []].append(group) } }
        return table
    }()

    static func named(_ name: String) -> HookGroup? { all.first { $0.name == name } }
}

extension LuaRuntime {
    private static let scannedKey = "transit.hookNameChecks"
    private static let reportedKey = "transit.hookTyposReported"

    /// The engine asks `object` for `hook`: scan it against the protocols (and, for host objects,
    /// the classes) that declare `hook`, unless that was done already.
    func checkHookNames(_ object: AnyObject, asked hook: String) {
        guard let declaring = HookGroup.byHook[hook] else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var groups = declaring.filter { $0.boundClass == nil }
        var known: KnownMembers?
        if let host = object as? HostObject {
            known = KnownMembers.byClass[boundClassName(of: host)]
            groups += declaring.filter { group in group.boundClass.map { known?.lineage.contains($0) ?? false } ?? false }
            // Objects without a table of their own define nothing.
            guard pushExistingUserdata(of: host), pushObjectTable(at: -1, create: false) else { return }
        } else if let reference = object as? LuaValueReference {
            reference.push()
            guard lua_type(L, -1) == LUA_TTABLE else { return }
        } else {
            return
        }
        scanForHookTypos(tableAt: lua_gettop(L), groups: groups) {
            KnownMembers.allHooks.union(known?.members ?? [])
        }
    }

    /// An effect file's value is used in more roles than the engine asks it for directly:
    /// scripts/system/effect.lua forwards the delegate's interaction hooks from an animator
    /// and builds presentation controllers from a class. Scan it for every role it may play.
    func checkEffectHookNames(valueAt index: Int32) {
        let index = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var names = [Hook.AnimatedTransitioning.protocolName, Hook.InteractiveTransitioning.protocolName,
                     Hook.TransitioningDelegate.protocolName, Hook.NavigationDelegate.protocolName]
        var exclude = KnownMembers.allHooks
        switch lua_type(L, index) {
        case LUA_TTABLE:
            // A Lua class (UIPresentationController:subclass(...)) is scanned with its base's hooks.
            if let base = ClassChain.boundBase(self, ofClassAt: index)?.bound {
                for cls in api.lineage(base) where !cls.hooks.isEmpty { names.append(cls.name) }
                exclude.formUnion(KnownMembers.byClass[base]?.members ?? [])
            }
            lua_pushvalue(L, index)
        case LUA_TUSERDATA:
            guard let host = object(at: index) as? HostObject else { return }
            for cls in api.lineage(boundClassName(of: host)) where !cls.hooks.isEmpty { names.append(cls.name) }
            exclude.formUnion(KnownMembers.byClass[boundClassName(of: host)]?.members ?? [])
            guard pushObjectTable(at: index, create: false) else { return }
        default:
            return
        }
        // A tab bar delegate shares `interactionControllerFor` with the navigation delegate: name
        // the protocol the effect is written for in the report.
        let tabs = Hook.TabBarControllerDelegate.protocolName
        if functionsDefined(byTableAt: lua_gettop(L)).contains(where: { $0.name == Hook.TabBarControllerDelegate.animationControllerForTransitionFrom.rawValue }),
           let navigation = names.firstIndex(of: Hook.NavigationDelegate.protocolName) {
            names.insert(tabs, at: navigation)
        } else {
            names.append(tabs)
        }
        scanForHookTypos(tableAt: lua_gettop(L), groups: names.compactMap(HookGroup.named)) { exclude }
    }

    /// Compares the functions the table at `index` defines (through its `__index` chain, up to
    /// the first bound class) with each group's hooks not scanned for yet, and reports near misses.
    /// `exclude` (hooks and members, never typos) is worked out only when a scan is due: the
    /// engine asks for hooks on every layout pass, and almost every ask was scanned before.
    private func scanForHookTypos(tableAt index: Int32, groups: [HookGroup], exclude: () -> Set<String>) {
        let pending = groups.filter { markScanned(tableAt: index, group: $0.name) }
        guard !pending.isEmpty else { return }
        let exclude = exclude()
        for definition in functionsDefined(byTableAt: index) where !exclude.contains(definition.name) {
            // UIKit's own spelling of a hook (`navigationController`, `animationController`) first:
            // it is no typo but a name Transit spells otherwise.
            if let group = pending.first(where: { $0.spellings[definition.name] != nil }) {
                let meanings = group.spellings[definition.name]!
                // A base name several hooks share: the one taking as many arguments.
                let meaning = meanings.first { $0.parameterCount == definition.parameters.count } ?? meanings[0]
                reportSwiftSpelling(definition, meaning, group: group.name)
                continue
            }
            for group in pending {
                guard let hook = NearMiss.suggestion(for: definition.name, among: group.hooks) else { continue }
                reportHookTypo(definition, hook: hook, group: group.name)
                break
            }
        }
    }

    /// Records that the table at `index` was scanned for `group`; false when it already was.
    private func markScanned(tableAt index: Int32, group: String) -> Bool {
        let index = lua_absindex(L, index)
        pushRegistryTable(Self.scannedKey, weakKeys: true)
        lua_pushvalue(L, index)
        if lua_rawget(L, -2) != LUA_TTABLE {
            transit_pop(L, 1)
            lua_createtable(L, 0, 2)
            lua_pushvalue(L, index)
            lua_pushvalue(L, -2)
            lua_rawset(L, -4)
        }
        lua_pushstring(L, group)
        let seen = lua_rawget(L, -2) != LUA_TNIL
        transit_pop(L, 1)
        if !seen {
            lua_pushstring(L, group)
            lua_pushboolean(L, 1)
            lua_rawset(L, -3)
        }
        transit_pop(L, 2)
        return !seen
    }

    private func pushRegistryTable(_ key: String, weakKeys: Bool) {
        if lua_getfield(L, transit_registryindex(), key) == LUA_TTABLE { return }
        transit_pop(L, 1)
        lua_createtable(L, 0, 0)
        if weakKeys {
            lua_createtable(L, 0, 1)
            lua_pushstring(L, "k")
            lua_setfield(L, -2, "__mode")
            lua_setmetatable(L, -2)
        }
        lua_pushvalue(L, -1)
        lua_setfield(L, transit_registryindex(), key)
    }

    struct FunctionDefinition {
        let name: String
        /// "fade.lua:4", or nil for a function defined in C.
        let place: String?
        let line: Int
        /// The Lua function's parameter names, without `self` or `_` first ("nav", "op", "from", "to").
        var parameters: [String] = []
    }

    /// String keys holding functions in the table at `index` and the tables its metatables'
    /// `__index` reach, nearest first (a name defined twice counts where it is found first),
    /// stopping at a bound class or after a bounded number of steps. Sorted by place.
    private func functionsDefined(byTableAt index: Int32) -> [FunctionDefinition] {
        var found: [String: FunctionDefinition] = [:]
        lua_pushvalue(L, index)
        for _ in 0..<ClassChain.maximumDepth {
            guard lua_type(L, -1) == LUA_TTABLE, !ClassChain.isBoundClassTable(L, at: -1) else { break }
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TFUNCTION, let name = string(at: -2), found[name] == nil {
                    found[name] = definition(name, functionAt: -1)
                }
                transit_pop(L, 1)
            }
            guard lua_getmetatable(L, -1) != 0 else { break }
            lua_pushstring(L, "__index")
            lua_rawget(L, -2)
            transit_remove(L, -2)   // metatable
            transit_remove(L, -2)   // previous table
        }
        transit_pop(L, 1)
        return found.values.sorted { ($0.place ?? "", $0.line, $0.name) < ($1.place ?? "", $1.line, $1.name) }
    }

    private func definition(_ name: String, functionAt index: Int32) -> FunctionDefinition {
        // The parameter names (lua_getlocal with no running function reads a Lua function's).
        var parameters: [String] = []
        lua_pushvalue(L, index)
        for position in 1...32 {
            guard let local = lua_getlocal(L, nil, Int32(position)) else { break }
            parameters.append(String(cString: local))
        }
        transit_pop(L, 1)
        if parameters.first == "self" || parameters.first == "_" { parameters.removeFirst() }
        lua_pushvalue(L, index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else {
            return FunctionDefinition(name: name, place: nil, line: 0, parameters: parameters)
        }
        return FunctionDefinition(name: name, place: "\(record.shortSource):\(record.linedefined)", line: Int(record.linedefined), parameters: parameters)
    }

    /// The one place a hook typo becomes a problem (a stable id first, then the definition's
    /// file and line); each definition is reported once per run.
    private func reportHookTypo(_ definition: FunctionDefinition, hook: String, group: String) {
        guard firstReport(of: definition) else { return }
        let place = definition.place.map { "\($0): " } ?? ""
        world.report(.hookTypo, "\(place)`\(definition.name)` is not a \(group) hook, so UIKit never calls it; did you mean `\(hook)`?")
    }

    /// A hook written as UIKit spells it (`navigationController(nav, op, from, to)`): the same
    /// problem id as a typo (the function is never called), naming the Lua form.
    private func reportSwiftSpelling(_ definition: FunctionDefinition, _ meaning: HookSpelling, group: String) {
        guard firstReport(of: definition) else { return }
        let place = definition.place.map { "\($0): " } ?? ""
        let written = "\(definition.name)(\(definition.parameters.joined(separator: ", ")))"
        world.report(.hookTypo, "\(place)\(written) is not a hook Transit calls: UIKit's \(meaning.swift) is \(meaning.luaForm) in Lua "
                     + "(\(group), docs/porting.md \"Hook names\"); did you mean `\(meaning.hook)`?")
    }

    /// Whether `definition` was not reported yet (and now counts as reported).
    private func firstReport(of definition: FunctionDefinition) -> Bool {
        let key = "\(definition.place ?? "?") \(definition.name)"
        pushRegistryTable(Self.reportedKey, weakKeys: false)
        defer { transit_pop(L, 1) }
        lua_pushstring(L, key)
        let reported = lua_rawget(L, -2) != LUA_TNIL
        transit_pop(L, 1)
        guard !reported else { return false }
        lua_pushstring(L, key)
        lua_pushboolean(L, 1)
        lua_rawset(L, -3)
        return true
    }
}
