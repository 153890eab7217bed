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

    init(_ name: String, _ doc: String = "", _ fields: [Field]) {
        self.name = name; self.fields = fields; self.doc = doc
        precondition(Set(fields.map(\.name)).count == fields.count, "\(name) declares a key twice")
    }

    /// The keys it takes, sorted: what the message of an unknown key lists.
    public var accepted: [String] { fields.map(\.name).sorted() }

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
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

extension APIDescription {
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
