import Foundation

// Values UIKit types as a protocol the API does not bind (`interruptibleAnimator(using:)` returns
// `any UIViewImplicitlyAnimating`), in LuaToSwift (LuaToSwift.swift): their members are found on
// the bound class that conforms (UIViewPropertyAnimator, what Transit returns there), and only
// the protocol's requirements may be used, as Swift allows on a value of the protocol's type.

extension LuaToSwift {
    /// The bound class whose members stand for a protocol of the interface's own.
    func conformingClass(_ proto: String) -> String? {
        guard SwiftInterfaceSupport.protocolNames.contains(proto) else { return nil }
        let classes = SwiftInterfaceGenerator.conformances.filter { $0.value.contains(proto) }.map(\.key).sorted()
        return classes.count == 1 ? classes[0] : nil
    }

    /// The member names a protocol of the interface's own requires, with its parents'.
    static func requirements(of proto: String) -> Set<String> {
        var names = Set<String>()
        var lines = SwiftInterfaceSupport.declarations.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
        while let line = lines.popFirst() {
            guard line.contains("protocol \(proto):") || line.contains("protocol \(proto) {") else { continue }
            if let colon = line.range(of: "protocol \(proto):") {
                let parents = line[colon.upperBound...].replacingOccurrences(of: "{", with: "").split(separator: ",")
                for p in parents { names.formUnion(requirements(of: p.trimmingCharacters(in: .whitespaces))) }
            }
            while let member = lines.popFirst(), member != "}" {
                for keyword in ["func ", "var "] {
                    if let r = member.range(of: keyword) {
                        names.insert(String(member[r.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                    }
                }
            }
        }
        return names
    }

    /// Refuses a member a protocol-typed value cannot reach in Swift.
    func checkRequirement(_ receiverType: String?, _ swiftName: String, line: Int) throws {
        guard let t = receiverType else { return }
        let proto = SwiftType.nominal(t)
        guard conformingClass(proto) != nil, !Self.requirements(of: proto).contains(swiftName) else { return }
        throw refuse(line, "\(swiftName) on a value of type \(proto)", "UIKit types it as the protocol, which does not require \(swiftName)")
    }
}
