import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

/// Errors carry what they are about as fields, and the code that adds to an error reads those
/// fields, never the message: the model says which member its message begins with, a call
/// error says which function and argument it is about.
@Suite struct StructuredErrorTests {
    @Test func aModelRefusalSaysWhichMemberItsMessageBeginsWith() {
        let named = ModelUsageError.animation(.naming("UIView.addKeyframe", " must be called inside UIView.animateKeyframes"))
        #expect(named.member == "UIView.addKeyframe")
        #expect(named.message == "UIView.addKeyframe must be called inside UIView.animateKeyframes")
        let plain = ModelUsageError.animation("duration must be finite")
        #expect(plain.member == nil && plain.message == "duration must be finite")
    }

    @Test func theDispatcherNamesAFunctionOnceByTheRefusalsMember() throws {
        let h = try Harness()
        // The model's message already names UIView.addKeyframe: not named a second time.
        let keyframe = try #require(try h.error("UIView.addKeyframe(0, 1, function() end)"))
        #expect(keyframe.contains("test.lua:1: UIView.addKeyframe must be called inside"), "\(keyframe)")
        #expect(!keyframe.contains("UIView.addKeyframe: UIView.addKeyframe"), "\(keyframe)")
        // A message naming no member gets the function's name in front.
        let stopped = try #require(try h.error("""
            local a = UIViewPropertyAnimator.new{ duration = 1 }
            a:startAnimation(); a:stopAnimation(false); a:startAnimation()
            """))
        #expect(stopped.contains("UIViewPropertyAnimator.startAnimation: the animator is stopped"), "\(stopped)")
        #expect(!stopped.contains("startAnimation: UIViewPropertyAnimator.startAnimation"), "\(stopped)")
    }

    @Test func anArgumentErrorSaysWhichFunctionAndArgument() throws {
        let h = try Harness()
        let call = HostCall(runtime: h.runtime, name: "UIView.insertSubview", base: 1)
        let error = call.fail(argument: 2, "(index) must be an integer (got UIView)")
        #expect(error.subject == .argument(function: "UIView.insertSubview", index: 2))
        #expect(error.message == "UIView.insertSubview: argument 2 (index) must be an integer (got UIView)")
        #expect(call.fail("no").subject == .function("UIView.insertSubview"))
        // The Lua forms of an overloaded name follow an argument error of that function.
        let message = try #require(try h.error("local v, w = UIView.new(), UIView.new(); v:insertSubview(w, w)"))
        #expect(message.contains("argument 2 (index) must be an integer (got UIView); insertSubview(view, index) takes a position"), "\(message)")
    }

    /// A property declared by its key path reads and writes the model's property, and its
    /// declaration (type, doc) is what the stubs show.
    @Test func aKeyPathPropertyReadsAndWritesTheModel() throws {
        let h = try Harness()
        try h.run("view = UIView.new(); view.isHidden = true; view.clipsToBounds = true; view.name = 'card'; view.layer.name = 'l'")
        lua_getglobal(h.runtime.L, "view")
        let view = try #require(h.runtime.object(at: -1) as? View)
        #expect(view.isHidden && view.clipsToBounds && view.name == "card" && view.layer.name == "l")
        view.isHidden = false
        view.name = nil
        #expect(try h.bool("return view.isHidden == false and view.name == nil"))
        let wrong = try #require(try h.error("view.isHidden = 1"))
        #expect(wrong.contains("UIView.isHidden must be a boolean (got number)"), "\(wrong)")
        #expect(LuaRuntime.apiDescription.luaLanguageServerDefinitions.contains("---@field isHidden boolean hidden views and their subviews are not drawn"))
    }
}
