import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Bindings declared with `Argument`s convert their arguments from the declaration, before the
// body runs. Swept over the whole API: a value no declared type accepts (a coroutine) in every
// position must be refused at the first parameter that is not `any`, naming that parameter as
// the declaration does, and nothing the body would do happens.

@Suite struct TypedArgumentTests {
    /// Functions and methods declared with Arguments, with the receiver expression for methods.
    private func convertedFunctions() -> [(owner: APIClass?, function: APIFunction)] {
        let api = TransitAPI.description
        var found: [(APIClass?, APIFunction)] = []
        for cls in api.classes {
            for f in cls.functions + cls.methods where f.convertsArguments { found.append((cls, f)) }
        }
        for f in api.namespace.functions where f.convertsArguments { found.append((nil, f)) }
        return found
    }

    private func isAny(_ type: APIType) -> Bool {
        if case .any = type { return true }
        if case .optional(let inner) = type { return isAny(inner) }
        return false
    }

    @Test func mostBindingsWithParametersConvertTheirArguments() {
        // The sweep below only means something if it covers the API: most bound functions and
        // methods that take arguments are declared with Arguments.
        let api = TransitAPI.description
        var withParameters = 0, converted = 0
        for cls in api.classes {
            for f in cls.functions + cls.methods where !f.parameters.isEmpty {
                withParameters += 1
                if f.convertsArguments { converted += 1 }
            }
        }
        #expect(converted * 10 >= withParameters * 8, "\(converted) of \(withParameters) convert their arguments")
    }

    @Test func aValueOfNoDeclaredTypeIsRefusedAtItsParameterEverywhere() throws {
        var checked = 0
        for (owner, function) in convertedFunctions() {
            guard let position = function.parameters.firstIndex(where: { !isAny($0.type) }) else { continue }
            let parameter = function.parameters[position]
            let h = try Harness()
            let arguments = Array(repeating: "co", count: function.parameters.count).joined(separator: ", ")
            let call: String
            if let owner, function.kind == .method {
                // Methods need a receiver: classes the tests can build with `new()`.
                guard owner.construct != nil, owner.name != "NSObject",
                      try h.bool("return (pcall(\(owner.name).new))") else { continue }
                call = "local receiver = \(owner.name).new()\nreceiver:\(function.name)(\(arguments))"
            } else if let owner {
                call = "\(owner.name).\(function.name)(\(arguments))"
            } else {
                call = "transit.\(function.name)(\(arguments))"
            }
            let source = "local co = coroutine.create(function() end)\n" + call
            let qualified = "\(owner?.name ?? "transit").\(function.name)"
            let message = try h.error(source) ?? "no error"
            #expect(message.contains("\(qualified): argument \(position + 1) (\(parameter.name)) must be"),
                    "\(qualified): \(message.split(separator: "\n").first ?? "")")
            #expect(message.contains("(got thread)"), "\(qualified): \(message.split(separator: "\n").first ?? "")")
            checked += 1
        }
        #expect(checked > 70, "only \(checked) bindings swept")
    }

    @Test func argumentsAreAllConvertedBeforeTheBodyRuns() throws {
        // addSubview-like calls with a good first argument and a bad second one change nothing.
        let h = try Harness()
        let message = try h.error("""
            local parent, child, other = UIView.new(), UIView.new(), UIView.new()
            parent:addSubview(other)
            _G.parent, _G.child = parent, child
            parent:insertSubviewBelow(child, 42)
            """)
        #expect(message?.contains("UIView.insertSubviewBelow: argument 2 (sibling) must be a UIView (got number)") == true)
        #expect(try h.run("return #parent.subviews .. ' ' .. tostring(child.superview)") == "1 nil")
    }

    @Test func typedPropertiesKeepTheDeclaredMessages() throws {
        let h = try Harness()
        func first(_ source: String) throws -> String {
            String((try h.error(source) ?? "").split(separator: "\n").first ?? "")
        }
        #expect(try first("UIView.new().tag = 1.5") == "test.lua:1: UIView.tag must be an integer (got number)")
        #expect(try first("UIView.new().backgroundColor = 'red'") == "test.lua:1: UIView.backgroundColor must be a UIColor (got string)")
        #expect(try first("UIView.new().backgroundColor = {red = 0/0, green = 0, blue = 0, alpha = 1}")
                == "test.lua:1: UIView.backgroundColor: must have finite components (got UIColor(nan, 0, 0, 1))")
        #expect(try first("UILabel.new().textAlignment = 'middle'").hasPrefix("test.lua:1: UILabel.textAlignment must be one of"))
        // nil is accepted where the declaration is optional, and only there.
        #expect(try h.run("local v = UIView.new(); v.backgroundColor = nil; return tostring(v.backgroundColor)") == "nil")
        #expect(try first("UIView.new().alpha = nil") == "test.lua:1: UIView.alpha must be a number (got nil)")
    }
}
