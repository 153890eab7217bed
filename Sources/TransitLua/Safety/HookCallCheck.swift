import CLua
import TransitCore

// Each hook's parameters are declared once, in the API description (Bindings/Protocols.swift
// and the classes' hooks), which the docs and the stubs are generated from. The engine's call
// site supplies the values (`[.object(presented), .object(presenting), .object(source)]` in
// Presentation.swift), and nothing in the types ties a list of ScriptValues to a declaration.
// So debug builds, which every test runs, check each call the engine makes: the values it
// pushed must fit one declaration of that hook name, in number and in type. A call site that
// gains, loses or reorders an argument fails the first test that reaches it (the call raises
// an error naming both; never a trap, so a debug `transit` under the fuzzer stays up), instead
// of the docs quietly describing arguments a script never receives. Release builds skip the check:
// it would cost a lookup and a type check per argument on every hook call.

extension LuaRuntime {
    /// Hook name → the parameter lists it is declared with (a name may be several protocols'
    /// hook: `numberOfSections` is the collection and the table data sources'). Built once and
    /// never mutated, like TransitAPI.description it is read from.
    nonisolated(unsafe) static let declaredHookParameters: [String: [[APIParameter]]] = {
        let api = TransitAPI.description
        var table: [String: [[APIParameter]]] = [:]
        for hook in api.protocols.flatMap(\.hooks) + api.classes.flatMap(\.hooks) {
            table[hook.name, default: []].append(hook.parameters)
        }
        return table
    }()

    /// nil when the `count` values from stack index `first` fit a declaration of `hook` (or the
    /// hook is declared nowhere: an overridable property's getter); else what disagrees.
    func hookCallMismatch(_ hook: String, argumentsAt first: Int32, count: Int) -> String? {
        guard let declarations = Self.declaredHookParameters[hook] else { return nil }
        for parameters in declarations where parameters.count >= count {
            let omittedAreOptional = parameters[count...].allSatisfy(\.type.isOptional)
            let suppliedFit = (0..<count).allSatisfy { check(parameters[$0].type, at: first + Int32($0)) == nil }
            if omittedAreOptional && suppliedFit { return nil }
        }
        let supplied = (0..<count).map { typeDescription(at: first + Int32($0)) }.joined(separator: ", ")
        let declared = declarations.map { "(" + $0.map { "\($0.name): \($0.type.luals)" }.joined(separator: ", ") + ")" }
        return "the engine calls \(hook) with (\(supplied)), but the API declares it as \(declared.joined(separator: " or "))"
    }
}
