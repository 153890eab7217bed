import CLua

// An options table a bound function takes (`UIView.animate{duration = 0.3, ...}`), declared
// once: its name, its keys and their types. The one declaration drives the check of the keys a
// script gives (`HostCall.checkOptions`), the one message of a key it does not take
// ("unknown option "x"; accepted: a, b, c"), the LuaLS class the stubs give the parameter
// (`---@class (exact) UIView.AnimateOptions`, a field per key) and the reference's table of it.
// A parameter declares it as `.options(table)`, an `APIType`.

public struct OptionTable: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public var name: String
        public var type: APIType
        public var doc: String
        /// Whether the function needs it (the stubs write `name?` for the others).
        public var isRequired: Bool

        /// A key the table may have: `.optional("delay", .number, "seconds before it starts")`.
        static func optional(_ name: String, _ type: APIType, _ doc: String = "") -> Field {
            Field(name: name, type: type, doc: doc, isRequired: false)
        }

        /// A key the table must have.
        static func required(_ name: String, _ type: APIType, _ doc: String = "") -> Field {
            Field(name: name, type: type, doc: doc, isRequired: true)
        }
    }

    /// The LuaLS class of the table ("UIView.AnimateOptions").
    public var name: String
    public var fields: [Field]
    /// What the table is, for the stubs ("UIView.animate's options").
    public var doc: String
    /// A constructor's table of a class's settable properties (`UIView.new{frame=, alpha=}`):
    /// the class, whose settable properties (its own and its superclasses') are keys besides
    /// `fields`, which are then the keys the initializer reads itself (UIButton's `title`).
    /// `APIDescription.completingPropertyTables` adds the properties' fields once the classes
    /// are known; `HostCall.applyOptions` checks and applies the same set.
    public var propertiesOf: String?

    init(_ name: String, _ doc: String = "", _ fields: [Field]) {
        self.name = name; self.fields = fields; self.doc = doc
        precondition(Set(fields.map(\.name)).count == fields.count, "\(name) declares a key twice")
    }

    /// The keys it takes, sorted: what the message of an unknown key lists.
    public var accepted: [String] { fields.map(\.name).sorted() }

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// The table of `className`'s settable properties, plus `extra` keys its initializer takes
    /// (`UITableViewCell.new{style=, reuseIdentifier=}`): `UIView.Properties` in the stubs.
    static func properties(of className: String, extra: [Field] = []) -> OptionTable {
        var table = OptionTable(className + ".Properties", "\(className).new's table of its settable properties", extra)
        table.propertiesOf = className
        return table
    }
}

extension APIType {
    /// The option tables this type names (itself, or inside an optional or a union).
    var optionTables: [OptionTable] {
        switch self {
        case .options(let table): return [table]
        case .optional(let inner), .list(let inner): return inner.optionTables
        case .union(let types): return types.flatMap(\.optionTables)
        default: return []
        }
    }
}

extension APIType {
    /// This type with every options table in it replaced by `transform`'s answer.
    func mappingOptionTables(_ transform: (OptionTable) -> OptionTable) -> APIType {
        switch self {
        case .options(let table): return .options(transform(table))
        case .optional(let inner): return .optional(inner.mappingOptionTables(transform))
        case .list(let inner): return .list(inner.mappingOptionTables(transform))
        case .union(let types): return .union(types.map { $0.mappingOptionTables(transform) })
        default: return self
        }
    }
}

extension APIDescription {
    /// The settable properties of a class and its superclasses, by name, the nearest
    /// declaration of a name winning: the keys of its `OptionTable.properties(of:)` table.
    func settableProperties(of className: String) -> [String: APIProperty] {
        settableIndex[className] ?? gatherSettableProperties(of: className)
    }

    func gatherSettableProperties(of className: String) -> [String: APIProperty] {
        var settable: [String: APIProperty] = [:]
        for cls in lineage(className) {
            for p in cls.properties where p.setter != nil && settable[p.name] == nil { settable[p.name] = p }
        }
        return settable
    }

    /// Fills each constructor's table of settable properties with a field per property (after
    /// the keys it declares itself), so the stubs and the reference list them; run once, when
    /// every class is declared.
    mutating func completingPropertyTables() {
        for index in classes.indices {
            classes[index].constructorParameters = classes[index].constructorParameters.map { parameter in
                var parameter = parameter
                parameter.type = parameter.type.mappingOptionTables { table in
                    guard let className = table.propertiesOf else { return table }
                    var complete = table
                    let own = Set(table.fields.map(\.name))
                    for (name, property) in settableProperties(of: className).sorted(by: { $0.key < $1.key }) where !own.contains(name) {
                        complete.fields.append(.optional(name, property.type, property.doc))
                    }
                    return complete
                }
                return parameter
            }
        }
    }

    /// Every options table a function, method or constructor of the API declares, once each,
    /// by name.
    public var optionTables: [OptionTable] {
        var seen: [String: OptionTable] = [:]
        let functions = classes.flatMap { $0.functions + $0.methods } + globals + namespace.functions
        let parameters = functions.flatMap(\.parameters) + classes.flatMap(\.constructorParameters)
        for table in parameters.flatMap(\.type.optionTables) where seen[table.name] == nil { seen[table.name] = table }
        return seen.keys.sorted().map { seen[$0]! }
    }
}

extension HostCall {
    /// The one wording of a key an options table does not take: the key, then every key it
    /// does take, sorted, so a misspelling is answered with the right spelling; `hint`, when
    /// given, is a second sentence after it.
    func unknownOption(_ key: String, of table: OptionTable, argument: Int, hint: String? = nil) -> LuaCallError {
        unknownOption(key, accepted: table.accepted, argument: argument, hint: hint)
    }

    func unknownOption(_ key: String, accepted: some Sequence<String>, argument: Int, hint: String? = nil) -> LuaCallError {
        let sorted = accepted.sorted()
        let message = "\(name): unknown option \"\(key)\"; accepted: " + sorted.joined(separator: ", ") + (hint.map { ". \($0)" } ?? "")
        return LuaCallError(message, subject: .unknownOption(function: name, index: argument, key: key, accepted: sorted))
    }

    /// Rejects the options table at `argument` if it has a key `table` does not declare;
    /// `hint` words a second sentence for the key found.
    func checkOptions(_ argument: Int, _ table: OptionTable, hint: (String) -> String? = { _ in nil }) throws {
        let keys = Set(table.fields.map(\.name))
        if let key = unknownKeys(argument, known: keys).first { throw unknownOption(key, of: table, argument: argument, hint: hint(key)) }
    }
}
