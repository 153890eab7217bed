import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 11 item 3: appearance transitions a script drives, safe areas and layout margins,
// convert(_:from:), class introspection and the status bar style, each through Lua and each
// against what UIKit documents (docs/semantics.md, "Safe area and layout margins").

/// A view controller class that records its appearance callbacks as "hook(animated)".
private let recordingController = """
calls = {}
Recorder = UIViewController:subclass("Recorder")
for _, hook in ipairs({ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" }) do
  Recorder[hook] = function(self, animated)
    calls[#calls + 1] = (self.title or "?") .. "." .. hook .. "(" .. tostring(animated) .. ")"
  end
end
function calls.text() return table.concat(calls, " ") end

"""

@Suite struct AppearanceTransitionTests {
    @Test func beginAndEndCallWillThenDidWithTheAnimatedFlagOfTheBegin() throws {
        let result = try runScene(recordingController + """
            local c = Recorder.new{ title = "C" }
            c:beginAppearanceTransition(true, true)
            c:endAppearanceTransition()
            c:beginAppearanceTransition(false, false)
            c:endAppearanceTransition()
            """)
        #expect(try result.text("calls.text()") == "C.viewWillAppear(true) C.viewDidAppear(true) C.viewWillDisappear(false) C.viewDidDisappear(false)")
    }

    @Test func repeatedBeginsAndEndsStayBalanced() throws {
        // UIKit keeps an appearance state: a second begin the same way, or an end with no
        // change under way, calls nothing.
        let result = try runScene(recordingController + """
            local c = Recorder.new{ title = "C" }
            c:endAppearanceTransition()
            c:beginAppearanceTransition(true, false)
            c:beginAppearanceTransition(true, false)
            c:endAppearanceTransition()
            c:endAppearanceTransition()
            c:beginAppearanceTransition(true, false)
            """)
        #expect(try result.text("calls.text()") == "C.viewWillAppear(false) C.viewDidAppear(false)")
    }

    @Test func reversingAnAppearanceMidwayCallsWillDisappearThenDidDisappear() throws {
        let result = try runScene(recordingController + """
            local c = Recorder.new{ title = "C" }
            c:beginAppearanceTransition(true, true)
            c:beginAppearanceTransition(false, true)
            c:endAppearanceTransition()
            """)
        #expect(try result.text("calls.text()") == "C.viewWillAppear(true) C.viewWillDisappear(true) C.viewDidDisappear(true)")
    }

    @Test func aPresenterKeptOnScreenGetsOnlyTheCallbacksTheScriptAsksFor() throws {
        // overFullScreen keeps the presenter's view, so UIKit sends it no appearance callbacks;
        // PanModal-style animators send them by hand.
        let result = try runScene(recordingController + """
            local A, B = Recorder.new{ title = "A" }, Recorder.new{ title = "B" }
            transit.window.rootViewController = A
            calls = { text = calls.text }
            B.modalPresentationStyle = "overFullScreen"
            A:present(B, true)
            A:beginAppearanceTransition(false, true)
            transit.wait(1)
            A:endAppearanceTransition()
            """)
        let text = try #require(try result.text("calls.text()"))
        let presenterCalls = text.split(separator: " ").filter { $0.hasPrefix("A.") }
        #expect(presenterCalls == ["A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
    }

    @Test func aManualBeginDuringTheEnginesTransitionDoesNotRepeatACallback() throws {
        let result = try runScene(recordingController + """
            local A, B = Recorder.new{ title = "A" }, Recorder.new{ title = "B" }
            transit.window.rootViewController = A
            calls = { text = calls.text }
            B.modalPresentationStyle = "fullScreen"
            A:present(B, true)
            transit.wait(0.1)
            A:beginAppearanceTransition(false, true)
            transit.wait(1)
            """)
        let text = try #require(try result.text("calls.text()"))
        let presenterCalls = text.split(separator: " ").filter { $0.hasPrefix("A.") }
        #expect(presenterCalls == ["A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
    }
}

@Suite struct SafeAreaTests {
    func insets(_ device: String, _ expression: String, setup: String = "") throws -> String? {
        let result = try runScene("""
            A = UIViewController.new()
            transit.window.rootViewController = A
            \(setup)
            transit.wait(0)
            """, device: device)
        return try result.text("tostring(\(expression))")
    }

    @Test func theWindowsInsetsComeFromTheDeviceProfile() throws {
        #expect(try insets("iPhone 15", "transit.window.safeAreaInsets") == "UIEdgeInsets(59, 0, 34, 0)")
        #expect(try insets("iPhone SE", "transit.window.safeAreaInsets") == "UIEdgeInsets(20, 0, 0, 0)")
        #expect(try insets("iPad", "transit.window.safeAreaInsets") == "UIEdgeInsets(24, 0, 20, 0)")
        #expect(try insets("iPad landscape", "transit.window.safeAreaInsets") == "UIEdgeInsets(24, 0, 20, 0)")
    }

    @Test func landscapeMovesTheIslandInsetToTheSidesAndHidesTheStatusBar() throws {
        #expect(try insets("iPhone 15", "transit.window.safeAreaInsets", setup: "transit.rotate(\"landscapeLeft\")") == "UIEdgeInsets(0, 59, 21, 59)")
        #expect(try insets("iPhone SE", "transit.window.safeAreaInsets", setup: "transit.rotate(\"landscapeRight\")") == "UIEdgeInsets(0, 0, 0, 0)")
    }

    @Test func aRootViewFillingTheWindowHasTheWindowsInsets() throws {
        #expect(try insets("iPhone 15", "A.view.safeAreaInsets") == "UIEdgeInsets(59, 0, 34, 0)")
        #expect(try insets("iPhone 15", "A.view.safeAreaLayoutGuide.layoutFrame") == "CGRect(0, 59, 393, 759)")
    }

    @Test func aSubviewsInsetsAreThePartOfItsBoundsTheUnsafeAreaCovers() throws {
        let setup = """
            top = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            middle = UIView.new{ frame = CGRect(0, 300, 100, 100) }
            bottom = UIView.new{ frame = CGRect(20, 802, 100, 50) }
            inner = UIView.new{ frame = CGRect(0, 30, 50, 50) }
            for _, v in ipairs({ top, middle, bottom }) do A.view:addSubview(v) end
            top:addSubview(inner)
            """
        #expect(try insets("iPhone 15", "top.safeAreaInsets", setup: setup) == "UIEdgeInsets(59, 0, 0, 0)")
        #expect(try insets("iPhone 15", "middle.safeAreaInsets", setup: setup) == "UIEdgeInsets(0, 0, 0, 0)")
        #expect(try insets("iPhone 15", "bottom.safeAreaInsets", setup: setup) == "UIEdgeInsets(0, 0, 34, 0)")
        #expect(try insets("iPhone 15", "inner.safeAreaInsets", setup: setup) == "UIEdgeInsets(29, 0, 0, 0)")
    }

    @Test func aViewOutsideAWindowHasNoInsets() throws {
        // UIKit: "If the view is not currently installed in a view hierarchy ... the insets are 0".
        #expect(try insets("iPhone 15", "UIView.new{ frame = CGRect(0, 0, 100, 100) }.safeAreaInsets") == "UIEdgeInsets(0, 0, 0, 0)")
    }

    @Test func additionalSafeAreaInsetsAddToTheRootViewAndReachItsSubviews() throws {
        let setup = """
            A.additionalSafeAreaInsets = UIEdgeInsets(10, 5, 0, 0)
            strip = UIView.new{ frame = CGRect(0, 0, 393, 200) }
            A.view:addSubview(strip)
            """
        #expect(try insets("iPhone 15", "A.view.safeAreaInsets", setup: setup) == "UIEdgeInsets(69, 5, 34, 0)")
        #expect(try insets("iPhone 15", "strip.safeAreaInsets", setup: setup) == "UIEdgeInsets(69, 5, 0, 0)")
        #expect(try insets("iPhone 15", "A.additionalSafeAreaInsets", setup: setup) == "UIEdgeInsets(10, 5, 0, 0)")
    }

    @Test func viewSafeAreaInsetsDidChangeIsCalledWhenTheInsetsChange() throws {
        let result = try runScene("""
            seen = {}
            Watcher = UIViewController:subclass("Watcher")
            function Watcher:viewSafeAreaInsetsDidChange() seen[#seen + 1] = tostring(self.view.safeAreaInsets) end
            A = Watcher.new()
            transit.window.rootViewController = A
            transit.wait(0)
            A.additionalSafeAreaInsets = UIEdgeInsets(0, 0, 50, 0)
            transit.wait(0)
            A.additionalSafeAreaInsets = UIEdgeInsets(0, 0, 50, 0)   -- unchanged: no call
            transit.wait(0)
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(seen, ' ')") == "UIEdgeInsets(59, 0, 34, 0) UIEdgeInsets(59, 0, 84, 0)")
    }

    @Test func theGuideIsTheSameObjectEveryTimeAndBelongsToItsView() throws {
        let result = try runScene("""
            local v = UIView.new()
            same = v.safeAreaLayoutGuide == v.safeAreaLayoutGuide and v.safeAreaLayoutGuide.owningView == v
            """)
        #expect(try result.bool("same"))
    }

    @Test func edgeInsetsAreValuesMadeWithOrWithoutLabels() throws {
        let result = try runScene("""
            local labelled = UIEdgeInsets{ top = 1, left = 2, bottom = 3, right = 4 }
            same = tostring(labelled == UIEdgeInsets(1, 2, 3, 4)) .. " " .. tostring(labelled == UIEdgeInsets.zero) .. " " .. labelled.right
            """)
        #expect(try result.text("same") == "true false 4.0")
        #expect(throws: ScriptError.self) { try runScene("UIEdgeInsets{ top = 1, left = 2, bottom = 3 }") }
    }

    @Test func additionalSafeAreaInsetsMustBeFinite() throws {
        #expect(throws: ScriptError.self) {
            try runScene("UIViewController.new().additionalSafeAreaInsets = UIEdgeInsets(0/0, 0, 0, 0)")
        }
        do {
            _ = try runScene("UIViewController.new().additionalSafeAreaInsets = UIEdgeInsets(0/0, 0, 0, 0)")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: UIEdgeInsets.new: top must be a finite number"))
        }
    }
}

@Suite struct LayoutMarginTests {
    @Test func theDefaultMarginsAreEightOnEachSide() throws {
        let result = try runScene("margins = UIView.new().layoutMargins")
        #expect(try result.text("tostring(margins)") == "UIEdgeInsets(8, 8, 8, 8)")
    }

    @Test func marginsOutsideTheSafeAreaMoveInsideItUnlessTheViewOptsOut() throws {
        // UIKit: with insetsLayoutMarginsFromSafeArea (the default) "any margins that are outside
        // the safe area are automatically modified to fall within the safe area boundary".
        let result = try runScene("""
            A = UIViewController.new()
            transit.window.rootViewController = A
            inside = A.view.layoutMargins
            A.view.insetsLayoutMarginsFromSafeArea = false
            outside = A.view.layoutMargins
            A.view.layoutMargins = UIEdgeInsets(70, 16, 4, 16)
            A.view.insetsLayoutMarginsFromSafeArea = true
            custom = A.view.layoutMargins
            guide = A.view.layoutMarginsGuide.layoutFrame
            """, device: "iPhone 15")
        #expect(try result.text("tostring(inside)") == "UIEdgeInsets(59, 8, 34, 8)")
        #expect(try result.text("tostring(outside)") == "UIEdgeInsets(8, 8, 8, 8)")
        #expect(try result.text("tostring(custom)") == "UIEdgeInsets(70, 16, 34, 16)")
        #expect(try result.text("tostring(guide)") == "CGRect(16, 70, 361, 748)")
    }
}

@Suite struct ConvertFromTests {
    /// Two views in different branches, with a scale, a rotation and a bounds origin on the way.
    let hierarchy = """
        root = UIView.new{ frame = CGRect(0, 0, 400, 800) }
        a = UIView.new{ frame = CGRect(30, 40, 200, 300) }
        b = UIView.new{ frame = CGRect(100, 400, 150, 150) }
        c = UIView.new{ frame = CGRect(10, 20, 60, 60) }
        root:addSubview(a) root:addSubview(b) b:addSubview(c)
        a.transform = CGAffineTransform.scale(1.5, 0.5)
        b.transform = CGAffineTransform.rotation(0.3)
        b.bounds = CGRect(7, -3, 150, 150)

        """

    @Test func convertFromUndoesConvert() throws {
        let result = try runScene(hierarchy + """
            local p = CGPoint(12, 34)
            back = a:convertFrom(a:convert(p, c), c)
            direct = c:convertFrom(p, a) == a:convert(p, c)
            local r = CGRect(5, 6, 0, 0)
            rectBack = a:convertFrom(a:convert(r, c), c)
            """)
        #expect(abs(try result.number("back.x") - 12) < 1e-9)
        #expect(abs(try result.number("back.y") - 34) < 1e-9)
        #expect(try result.bool("direct"))
        #expect(abs(try result.number("rectBack.x") - 5) < 1e-9)
        #expect(abs(try result.number("rectBack.y") - 6) < 1e-9)
    }

    @Test func fromNilMeansFromTheRootsCoordinates() throws {
        let result = try runScene(hierarchy + """
            local p = CGPoint(-8, 51)
            back = c:convertFrom(c:convert(p, nil), nil)
            """)
        #expect(abs(try result.number("back.x") + 8) < 1e-9)
        #expect(abs(try result.number("back.y") - 51) < 1e-9)
    }
}

@Suite struct IntrospectionTests {
    let classes = """
        Card = UIView:subclass("Card")
        Tall = Card:subclass("Tall")
        card, tall, label = Card.new(), Tall.new(), UILabel.new()
        function answers(list) local out = {} for i, v in ipairs(list) do out[i] = tostring(v) end return table.concat(out, " ") end

        """

    @Test func isKindFollowsTheClassChainThroughLuaAndBoundClasses() throws {
        let result = try runScene(classes + """
            kinds = answers({ tall:isKind(Tall), tall:isKind(Card), tall:isKind(UIView), tall:isKind(NSObject),
                              card:isKind(Tall), label:isKind(UIView), label:isKind(Card), label:isKind(UILabel) })
            """)
        #expect(try result.text("kinds") == "true true true true false true false true")
    }

    @Test func isMemberIsTheExactClassOnly() throws {
        let result = try runScene(classes + """
            members = answers({ tall:isMember(Tall), tall:isMember(Card), label:isMember(UILabel), label:isMember(UIView),
                                UIView.new():isMember(UIView), transit.window:isMember(UIWindow) })
            """)
        #expect(try result.text("members") == "true false true false true true")
    }

    @Test func isSubclassIncludesTheClassItself() throws {
        let result = try runScene(classes + """
            subclasses = answers({ Tall:isSubclass(Card), Tall:isSubclass(UIView), Card:isSubclass(Tall), Card:isSubclass(Card),
                                   UILabel:isSubclass(UIView), UIView:isSubclass(UILabel), UIWindow:isSubclass(NSObject) })
            """)
        #expect(try result.text("subclasses") == "true true false true true false true")
    }

    @Test func aTableThatIsNoClassIsRefusedByName() throws {
        do {
            _ = try runScene("UIView.new():isKind({})")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: NSObject.isKind: argument 1 (class) must be a class (UIView, or a Lua subclass) (got table)"))
        }
    }
}

@Suite struct StatusBarStyleTests {
    @Test func anOverrideDecidesTheStyleAndAnUpdateRecordsIt() throws {
        let result = try runScene("""
            Dark = UIViewController:subclass("Dark")
            function Dark:preferredStatusBarStyle() return "lightContent" end
            dark, plain = Dark.new(), UIViewController.new()
            styles = dark.preferredStatusBarStyle .. " " .. plain.preferredStatusBarStyle
            dark:setNeedsStatusBarAppearanceUpdate()
            """)
        #expect(try result.text("styles") == "lightContent default")
        #expect(result.world.trace.lines.contains { $0.hasSuffix("[Dark] setNeedsStatusBarAppearanceUpdate preferredStatusBarStyle=lightContent") })
    }

    @Test func anOverrideReturningAnUnknownStyleIsAnError() throws {
        do {
            _ = try runScene("""
                Odd = UIViewController:subclass("Odd")
                function Odd:preferredStatusBarStyle() return "purple" end
                Odd.new():setNeedsStatusBarAppearanceUpdate()
                """)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("Odd.preferredStatusBarStyle must return one of \"default\", \"lightContent\", \"darkContent\""), "\(error.message)")
            #expect(error.message.contains("(got \"purple\")"), "\(error.message)")
        }
    }
}
