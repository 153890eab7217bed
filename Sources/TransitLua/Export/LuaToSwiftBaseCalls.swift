import Foundation

// `UIPresentationController.presentedView(self)` in LuaToSwift (LuaToSwift.swift): a method of
// the class a Lua class extends, called on self, runs UIKit's implementation, which Swift spells
// `super.presentedView` (docs/export.md, "UIKit's implementation"). Swift's `super` reaches the
// nearest implementation above the class; that is UIKit's own only when the named class is the
// nearest UIKit class the Lua class extends and no Lua class between them defines the member.

extension LuaToSwift {
    /// `Base.member(self, ...)` as `super.member(...)`; nil when the call is not of that shape.
    mutating func baseImplementationCall(_ base: String, _ member: String, _ args: [LuaExpr], line: Int) throws -> Code? {
        guard case .name("self", _)? = args.first, let cls = currentClass, lookup("self")?.type == cls.swiftName,
              let apiClass = api.cls(base), apiClass.methods.contains(where: { $0.name == member }) else { return nil }
        guard owner(of: cls.swiftName).api == base else {
            throw refuse(line, "\(base).\(member)(self, ...)", "\(base) is not the UIKit class \(cls.luaName) extends directly, so Swift's super.\(member) would not reach \(base)'s implementation")
        }
        var c: ClassInfo? = cls.superIsLua ? classes.values.first { $0.swiftName == cls.superclass } : nil
        while let lua = c {
            if lua.hooks[member] != nil || methodNames(of: lua.luaName).contains(member) {
                throw refuse(line, "\(base).\(member)(self, ...)", "\(lua.luaName) defines \(member) between them, which Swift's super.\(member) would call")
            }
            c = lua.superIsLua ? classes.values.first { $0.swiftName == lua.superclass } : nil
        }
        let function = apiClass.methods.first { $0.name == member }!
        guard let d = function.swiftDeclaration ?? SwiftNames.declarations["\(base).\(member)"], let s = SwiftSignature(d) else {
            throw refuse(line, "\(base).\(member)", "it has no UIKit declaration (a Transit-only method)")
        }
        if s.keyword == "var" {
            guard args.count == 1 else { throw refuse(line, "\(base).\(member) with arguments", "UIKit declares it as a property (\(d))") }
            return Code(text: "super.\(s.baseName)", type: s.result)
        }
        let (chosen, text) = try arguments(d, Array(args.dropFirst()), key: "\(base).\(member)", line: line)
        return Code(text: "super.\(chosen.baseName)(\(text))", type: chosen.result)
    }
}
