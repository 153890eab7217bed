// What the safety checks know of each bound class, computed once from the API description:
// every member an instance answers to (its lineage's properties, methods, statics and hooks),
// what may be assigned on a plain instance, and the UIKit names Transit lacks.

struct KnownMembers {
    let className: String
    /// Every name `object.name` finds, nearest class first (suggestions prefer the nearest).
    let members: [String]
    /// Properties with a setter, then the class's hooks, then the protocols' hooks: what a
    /// suggestion for an assignment offers.
    let assignable: [String]
    let methods: Set<String>
    /// Hooks of the lineage and of every protocol: a function may be stored under these on any
    /// instance (an object used as an animator or delegate implements the protocol's hooks).
    let hooks: Set<String>
    /// UIKit name → the UIKit class that declares it ("mask" → "UIView").
    let unavailable: [String: String]
    let isSubclassable: Bool
    /// The class and its ancestors' names.
    let lineage: Set<String>

    static let byClass: [String: KnownMembers] = {
        let api = TransitAPI.description
        var table: [String: KnownMembers] = [:]
        for cls in api.classes where !cls.isValue { table[cls.name] = KnownMembers(cls.name, api) }
        return table
    }()

    /// Every hook name of every protocol and class.
    static let allHooks: Set<String> = {
        let api = TransitAPI.description
        return Set(api.protocols.flatMap { $0.hooks.map(\.name) } + api.classes.flatMap { $0.hooks.map(\.name) })
    }()

    private init(_ name: String, _ api: APIDescription) {
        className = name
        let lineage = api.lineage(name)
        var members: [String] = [], seen = Set<String>()
        func add(_ names: [String]) { for n in names where seen.insert(n).inserted { members.append(n) } }
        for cls in lineage {
            add(cls.properties.map(\.name)); add(cls.methods.map(\.name)); add(cls.functions.map(\.name))
            add(cls.hooks.map(\.name)); add(cls.constants.map(\.name))
        }
        self.members = members
        var hooks = Set(lineage.flatMap { $0.hooks.map(\.name) })
        hooks.formUnion(api.protocols.flatMap { $0.hooks.map(\.name) })
        self.hooks = hooks
        assignable = lineage.flatMap { $0.properties.filter { $0.setter != nil }.map(\.name) } + lineage.flatMap { $0.hooks.map(\.name) }
            + api.protocols.flatMap { $0.hooks.map(\.name) }
        methods = Set(lineage.flatMap { $0.methods.map(\.name) })
        var unavailable: [String: String] = [:]
        for cls in lineage.reversed() {
            for missing in api.unavailable[cls.name] ?? [] where !seen.contains(missing) { unavailable[missing] = cls.name }
        }
        self.unavailable = unavailable
        isSubclassable = lineage.first?.isSubclassable ?? false
        self.lineage = Set(lineage.map(\.name))
    }

    /// How a message names an instance in prose: "a view", "a view controller", "an object".
    var noun: String {
        var base = Substring(className)
        for prefix in ["UI", "CA", "NS"] where base.hasPrefix(prefix) { base = base.dropFirst(prefix.count); break }
        var words: [String] = [], word = ""
        for character in base {
            if character.isUppercase && !word.isEmpty { words.append(word); word = "" }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        let phrase = words.map { $0.lowercased() }.joined(separator: " ")
        let article = phrase.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(phrase)"
    }
}
