import Foundation

// Records in LuaToSwift (LuaToSwift.swift): a table of named fields built in place
// (`{ view = strip, shadow = shade }`) is a Swift tuple with those labels,
// `(view: strip, shadow: shade)`, its type `(view: UIView, shadow: UIView)`, read by its labels
// (docs/export.md, "Records"). A Lua table is shared and a tuple is copied, which reads the same
// as long as no field is assigned after the record is made and no two records are compared (Lua
// compares identity, Swift's == the values): both are refused.

extension LuaToSwift {
    /// `{ a = x, b = y }` where no options table or enumeration is expected; nil otherwise.
    mutating func record(_ fields: [LuaField], expected: String?, line: Int) throws -> Code? {
        guard !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }) else { return nil }
        let expectedElements = SwiftType.tupleElements(expected)
        guard expected == nil || expectedElements != nil else { return nil }
        var parts: [String] = []
        var types: [String] = []
        for case .named(let key, let value) in fields {
            let want = expectedElements?.first { $0.label == key }?.type
            let c = try expr(value, expected: want)
            guard let t = c.type, !t.hasPrefix(Self.pendingMark), !t.hasSuffix(".Type"), !SwiftType.isClosure(t) else {
                throw refuse(line, "the field \(key) of a record", "the Swift type of its value is not known")
            }
            parts.append("\(key): \(c.text)")
            types.append("\(key): \(t)")
        }
        guard Set(types.map { $0.split(separator: ":")[0] }).count == types.count else {
            throw refuse(line, "a record with a key given twice", "Lua keeps the last value, a Swift tuple cannot have two")
        }
        if let expectedElements, expectedElements.map(\.label) != types.map({ String($0.split(separator: ":")[0]) }) {
            throw refuse(line, "a record with other fields than \(expected!)", "a Swift tuple's labels are its type")
        }
        return Code(text: "(" + parts.joined(separator: ", ") + ")", type: expected ?? SwiftType.tuple(types))
    }

    static func isRecord(_ t: String?) -> Bool { SwiftType.tupleElements(t)?.allSatisfy { $0.label != nil } ?? false }

    /// `record.key` read.
    func recordField(_ receiver: Code, _ key: String, line: Int) throws -> Code? {
        guard Self.isRecord(receiver.type), let elements = SwiftType.tupleElements(receiver.type) else { return nil }
        guard let element = elements.first(where: { $0.label == key }) else {
            throw refuse(line, "the field \(key) of a record", "the record has no field \(key) (its fields: \(elements.compactMap(\.label).joined(separator: ", ")))")
        }
        return Code(text: wrap(receiver, 100) + "." + key, type: element.type)
    }

    /// An assignment to a record's field, which a Swift tuple would take on its copy.
    func refuseRecordFieldAssignment(_ receiver: Code, _ key: String, line: Int) throws {
        guard Self.isRecord(receiver.type) else { return }
        throw refuse(line, "an assignment to the field \(key) of a record", "a record is a Swift tuple, a value copied where it is passed, where Lua's table is shared")
    }
}
