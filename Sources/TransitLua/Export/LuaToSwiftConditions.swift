import Foundation

// Conditions Lua knows the answer to, in LuaToSwift (LuaToSwift.swift). Objective-C ports test
// whether a method exists (`[ctx respondsToSelector:@selector(viewForKey:)]`), which their Lua
// says as `if transitionContext.view then`: the method read as a value, which is always a
// function, so always true. The export writes the branch that runs and not the others (dead in
// Lua, and in the app, where every context has the method) (docs/export.md, "Conditions").

extension LuaToSwift {
    /// The statements of an `if` whose first condition reads a method of a UIKit object as a
    /// value; nil for any other `if`.
    mutating func methodPresenceTest(_ clauses: [(LuaExpr, [LuaStat])], _ elseBlock: [LuaStat]?, ifLine: Int, endLine: Int) throws -> [String]? {
        guard let (condition, body) = clauses.first, case .field(let object, let key, _) = condition else { return nil }
        var probe = self
        guard let receiver = try? probe.expr(object, expected: nil), let apiName = owner(of: receiver.type).api,
              (try? probe.property(receiver, key, line: ifLine)) ?? nil == nil,
              api.lineage(apiName).contains(where: { cls in cls.methods.contains { $0.name == key } }) else { return nil }
        // The branches that never run: their comments go with them.
        let boundaries = chunk.clauseLines[ifLine] ?? []
        let deadFrom = boundaries.first ?? endLine
        for (index, comment) in chunk.comments.enumerated() where comment.line >= deadFrom && comment.line < endLine {
            emittedComments.insert(index)
        }
        _ = elseBlock
        // The `if` line's own comment, on a line of its own before the note.
        let own = trailingComment(on: ifLine).map { [$0] } ?? []
        let note = "// Lua tests that \(describe(condition)) exists, a method every \(SwiftType.nominal(receiver.type!)) has: this branch always runs."
        let declaresLocals = body.contains { if case .local = $0 { return true }; if case .localFunction = $0 { return true }; return false }
        let lines = try block(body, endLine: deadFrom)
        // Lua's branch is a scope of its own: kept as one when it declares locals.
        return own + (declaresLocals ? [note, "do {"] + indent(lines) + ["}"] : [note] + lines)
    }
}
