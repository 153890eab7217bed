import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// The UIKit around a transition: buttons, the navigation bar and the stack, UIApplication,
// containment and the tint. Each test asserts what Apple's documentation says (quoted) or a
// decision docs/semantics.md records. The screen is an iPhone SE (375 × 667, status bar 20 pt).

private let buttonStage = """
    A = UIViewController.new{ title = "A", backgroundColor = UIColor.white }
    transit.window.rootViewController = A
    root = A.view
    events = {}
    function record(name) return function(_, sender) events[#events + 1] = name end end
    function joined() return table.concat(events, " ") end
    button = UIButton.new{ title = "Go", frame = CGRect(100, 300, 120, 44) }
    root:addSubview(button)
    button:addTarget(nil, record("down"), "touchDown")
    button:addTarget(nil, record("inside"), "touchUpInside")
    button:addTarget(nil, record("outside"), "touchUpOutside")
    button:addTarget(nil, record("cancel"), "touchCancel")
    transit.wait(0.05)

    """

@Suite struct ButtonTests {
    @Test func aTapSendsTouchDownThenTouchUpInsideWithTheButtonAsSender() throws {
        let result = try runScene(buttonStage + """
            local Target = NSObject:subclass("Target")
            function Target:tapped(sender) senderIsButton = (sender == button) end
            target = Target.new()
            button:addTarget(target, "tapped", "touchUpInside")
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.2)
            """)
        #expect(try result.text("joined()") == "down inside")
        #expect(try result.bool("senderIsButton"))
    }

    @Test func itIsHighlightedWhileTheTouchIsHeldAndNotAfter() throws {
        let result = try runScene(buttonStage + """
            transit.touch.press{ at = CGPoint(160, 322), duration = 0.3 }
            transit.wait(0.1)
            held = button.isHighlighted
            heldState = button.state
            transit.wait(0.5)
            """)
        #expect(try result.bool("held"))
        #expect(try result.text("heldState") == "highlighted")
        #expect(try result.bool("button.isHighlighted") == false)
    }

    @Test func liftedFarOutsideItSendsTouchUpOutside() throws {
        // A finger dragged well past the button (beyond the tracking margin) and lifted.
        let result = try runScene(buttonStage + """
            transit.touch.pan{ from = CGPoint(160, 322), to = CGPoint(160, 600), duration = 0.3 }
            transit.wait(0.5)
            """)
        #expect(try result.text("joined()") == "down outside")
    }

    @Test func aSingleTapRecognizerOnTheSuperviewDoesNotTakeTheButtonsTap() throws {
        // Apple, UIControl: "the default action for a button is a single tap. If you have a
        // single tap gesture recognizer attached to a button's parent view, and the user taps
        // the button, then the button's action method receives the touch event instead of the
        // gesture recognizer."
        let result = try runScene(buttonStage + """
            parentTaps = 0
            root:addGestureRecognizer(UITapGestureRecognizer.new(function(g) if g.state == "ended" then parentTaps = parentTaps + 1 end end))
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.2)
            transit.touch.tap{ at = CGPoint(20, 600) }
            transit.wait(0.2)
            """)
        #expect(try result.text("joined()") == "down inside")
        #expect(try result.number("parentTaps") == 1)
    }

    @Test func aPanThatBeginsCancelsTheTracking() throws {
        let result = try runScene(buttonStage + """
            root:addGestureRecognizer(UIPanGestureRecognizer.new(function() end))
            transit.touch.pan{ from = CGPoint(160, 322), to = CGPoint(190, 322), duration = 0.3 }
            transit.wait(0.5)
            """)
        #expect(try result.text("joined()") == "down cancel")
        #expect(try result.bool("button.isHighlighted") == false)
    }

    @Test func aDisabledButtonTakesNoTouchesAndAStateWithoutATitleShowsTheNormalOne() throws {
        // Apple, setTitle(_:for:): "If a title is not specified for a state, the default is to
        // use the title associated with the normal state."
        let result = try runScene(buttonStage + """
            button:setTitle("Pressed", "highlighted")
            normalForSelected = button:title("selected")
            pressed = button:title("highlighted")
            button.isEnabled = false
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.2)
            """)
        #expect(try result.text("normalForSelected") == "Go")
        #expect(try result.text("pressed") == "Pressed")
        #expect(try result.text("joined()") == "")
    }

    @Test func aRemovedTargetIsNotCalled() throws {
        let result = try runScene(buttonStage + """
            button:removeTarget(nil, nil, "touchUpInside")
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.2)
            """)
        #expect(try result.text("joined()") == "down")
    }

    @Test func mistakesAreErrorsAtTheirLine() throws {
        let h = try Harness()
        #expect(try h.error("local b = UIButton.new()\nb:addTarget(nil, 'tapped', 'touchUpInside')")?
                    .contains("test.lua:2:") == true)
        #expect(try h.error("local b = UIButton.new()\nb:addTarget(nil, function() end, 'touchUp')")?
                    .contains("UIControlEvent") == true)
        #expect(try h.error("local b = UIButton.new{ title = 3 }")?.contains("option title must be a string") == true)
    }
}

@Suite struct MultipleTapTests {
    @Test func aDoubleTapRecognizerNeedsTwoTapsCloseTogether() throws {
        let result = try runScene("""
            A = UIViewController.new()
            transit.window.rootViewController = A
            doubles = 0
            local double = UITapGestureRecognizer.new(function(g) if g.state == "ended" then doubles = doubles + 1 end end)
            double.numberOfTapsRequired = 2
            A.view:addGestureRecognizer(double)
            transit.touch.tap{ at = CGPoint(100, 100) }
            transit.wait(0.15)
            transit.touch.tap{ at = CGPoint(100, 100) }
            transit.wait(0.15)
            afterTwo = doubles
            -- Two taps a second apart are two single taps: no double tap.
            transit.touch.tap{ at = CGPoint(100, 100) }
            transit.wait(1)
            transit.touch.tap{ at = CGPoint(100, 100) }
            transit.wait(0.2)
            """)
        #expect(try result.number("afterTwo") == 1)
        #expect(try result.number("doubles") == 1)
        #expect(try result.number("UITapGestureRecognizer.new().numberOfTapsRequired") == 1)
    }
}

@Suite struct TintColorTests {
    @Test func theDefaultIsTheSystemBlueAndSubviewsInheritTheirSuperviews() throws {
        let result = try runScene("""
            local a = UIViewController.new()
            transit.window.rootViewController = a
            outer, inner = UIView.new(), UIView.new()
            a.view:addSubview(outer)
            outer:addSubview(inner)
            before = inner.tintColor
            outer.tintColor = UIColor.red
            after = inner.tintColor
            outer.tintColor = nil
            reset = inner.tintColor
            """)
        // UIKit's system blue: (0, 122, 255).
        #expect(try result.text("string.format('%.4f %.4f %.4f', before.red, before.green, before.blue)") == "0.0000 0.4784 1.0000")
        #expect(try result.text("string.format('%g %g %g', after.red, after.green, after.blue)") == "1 0 0")
        #expect(try result.text("string.format('%.4f', reset.green)") == "0.4784")
    }

    @Test func aButtonsTitleFollowsATintSetAboveIt() throws {
        // Apple, tintColor: changing it calls tintColorDidChange on the view's subviews that
        // inherit it; a system button draws its title in the tint.
        let result = try runScene(buttonStage + """
            root.tintColor = UIColor.green
            """)
        #expect(try result.text("string.format('%g %g %g', button.titleLabel.textColor.red, button.titleLabel.textColor.green, button.titleLabel.textColor.blue)") == "0 1 0")
    }
}

private let navigationStage = """
    calls = {}
    function record(text) calls[#calls + 1] = text end
    function joined() return table.concat(calls, " ") end
    Screen = UIViewController:subclass("Screen")
    function Screen:viewDidAppear() record("didAppear:" .. self.title) end
    inbox = Screen.new{ title = "Inbox", backgroundColor = UIColor.white }
    message = Screen.new{ title = "Message", backgroundColor = UIColor(0.9, 0.95, 1, 1) }
    nav = UINavigationController.new(inbox)
    transit.window.rootViewController = nav
    bar = nav.navigationBar
    transit.wait(0.05)

    """

@Suite struct NavigationBarTests {
    @Test func theBarSitsUnderTheStatusBarAndTheTopViewsSafeAreaStartsBelowIt() throws {
        // Apple, safeAreaInsets: the safe area reflects "the area not covered by navigation
        // bars, tab bars, toolbars"; the bar is 44 pt tall without a large title.
        let result = try runScene(navigationStage)
        #expect(try result.text("string.format('%g %g %g %g', bar.frame.x, bar.frame.y, bar.frame.width, bar.frame.height)") == "0 20 375 44")
        #expect(try result.number("inbox.view.safeAreaInsets.top") == 64)
        #expect(try result.text("bar.topItem.title") == "Inbox")
        #expect(try result.text("tostring(bar.backItem)") == "nil")
    }

    @Test func aHiddenBarGivesTheSafeAreaBack() throws {
        let result = try runScene(navigationStage + """
            nav:setNavigationBarHidden(true, true)
            transit.wait(0.1)
            midY = bar.layer:presentation().frame.y
            transit.wait(0.3)
            """)
        // It slides up over UINavigationControllerHideShowBarDuration (0.2 s).
        let midY = try result.number("midY")
        #expect(midY < 20 && midY > -64)
        #expect(try result.bool("bar.isHidden"))
        #expect(try result.number("inbox.view.safeAreaInsets.top") == 20)
        #expect(try result.bool("nav.isNavigationBarHidden"))
    }

    @Test func settingTheControllersTitleSetsItsNavigationItemsTitle() throws {
        // Apple, UIViewController.title: "assigning a value to this property updates the title
        // text of those objects" (its navigation item and tab bar item).
        let result = try runScene(navigationStage + """
            inbox.title = "Mail"
            itemTitle = inbox.navigationItem.title
            inbox.navigationItem.title = "Only the bar"
            """)
        #expect(try result.text("itemTitle") == "Mail")
        #expect(try result.text("inbox.title") == "Mail")
        #expect(try result.text("bar.topItem.title") == "Only the bar")
    }

    @Test func inAPushTheTitlesCrossfadeAndTheBackButtonNamesTheScreenBelow() throws {
        let result = try runScene(navigationStage + """
            nav:pushViewController(message, true)
            transit.wait(0.35 / 2)
            local bar = nav.navigationBar
            local visible = {}
            for _, v in ipairs(bar.subviews) do
              local p = v.layer:presentation()
              if v.name == "UINavigationBar title" then visible[#visible + 1] = string.format("%s=%.2f", v.text, p.opacity) end
            end
            table.sort(visible)
            mid = table.concat(visible, " ")
            transit.wait(0.5)
            """)
        // Both titles show mid-push, neither fully: a crossfade.
        let mid = try #require(try result.text("mid"))
        let alphas = mid.split(separator: " ").map { Double($0.split(separator: "=")[1])! }
        #expect(mid.contains("Inbox=") && mid.contains("Message="))
        #expect(alphas.allSatisfy { $0 > 0.05 && $0 < 0.95 }, "\(mid)")
        // Afterwards: the new title, and a back button with the previous screen's title.
        #expect(try result.text("bar.topItem.title") == "Message")
        #expect(try result.text("bar.backItem.title") == "Inbox")
        #expect(try result.text("nav.navigationBar.subviews[#nav.navigationBar.subviews].currentTitle") == "‹ Inbox")
    }

    @Test func aCancelledInteractivePopPutsTheBarBack() throws {
        let result = try runScene(navigationStage + """
            nav:pushViewController(message, false)
            transit.wait(0.1)
            -- Slow (about 110 pt/s) and short of half way: the built-in pop cancels.
            transit.touch.edgePan{ edge = "left", to = 0.3, duration = 1 }
            transit.wait(1.5)
            """)
        #expect(try result.text("nav.topViewController.title") == "Message")
        #expect(try result.text("bar.topItem.title") == "Message")
        let titles = try result.text("(function() local t = {} for _, v in ipairs(bar.subviews) do if v.name == 'UINavigationBar title' then t[#t + 1] = v.text .. '@' .. string.format('%g', v.alpha) end end return table.concat(t, ' ') end)()")
        #expect(titles == "Message@1")
    }

    @Test func theBackButtonPops() throws {
        let result = try runScene(navigationStage + """
            nav:pushViewController(message, false)
            transit.wait(0.1)
            local back = bar.subviews[#bar.subviews]
            local point = back:convert(CGPoint(back.bounds.width / 2, back.bounds.height / 2), nil)
            transit.touch.tap{ at = point }
            transit.wait(1)
            """)
        #expect(try result.text("nav.topViewController.title") == "Inbox")
        #expect(try result.number("#nav.viewControllers") == 1)
    }
}

@Suite struct NavigationStackTests {
    @Test func popToRootPopsEveryControllerAboveTheRootInOneTransitionAndReturnsThem() throws {
        // Apple: returns "an array of view controllers representing the items that the
        // navigation controller popped".
        let result = try runScene(navigationStage + """
            third = Screen.new{ title = "Third" }
            nav:pushViewController(message, false)
            transit.wait(0.1)
            nav:pushViewController(third, false)
            transit.wait(0.1)
            local popped = nav:popToRootViewController(true)
            poppedTitles = popped[1].title .. "," .. popped[2].title
            transit.wait(1)
            """)
        #expect(try result.text("poppedTitles") == "Message,Third")
        #expect(try result.number("#nav.viewControllers") == 1)
        #expect(try result.text("nav.topViewController.title") == "Inbox")
        #expect(try result.text("tostring(message.navigationController)") == "nil")
    }

    @Test func poppingToAControllerNotInTheStackIsAnError() throws {
        do {
            _ = try runScene(navigationStage + "nav:popToViewController(message, true)\n")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:12: UINavigationController.popToViewController: Screen \"Message\" is not in the navigation stack"))
            #expect(error.message.contains("not in the navigation stack"))
        }
    }

    @Test func setViewControllersPushesANewTopAndPopsToOneBelow() throws {
        let result = try runScene(navigationStage + """
            third = Screen.new{ title = "Third" }
            nav:setViewControllers({ inbox, message, third }, true)
            duringPush = #nav.viewControllers
            transit.wait(1)
            afterPush = nav.topViewController.title
            nav:setViewControllers({ inbox, message }, true)
            transit.wait(1)
            nav.viewControllers = { message }
            """)
        #expect(try result.number("duringPush") == 3)
        #expect(try result.text("afterPush") == "Third")
        #expect(try result.text("joined()").map { $0.contains("didAppear:Third") && $0.contains("didAppear:Message") } == true)
        #expect(try result.number("#nav.viewControllers") == 1)
        #expect(try result.text("nav.viewControllers[1].title") == "Message")
        #expect(try result.text("tostring(inbox.navigationController)") == "nil")
        #expect(try result.text("bar.topItem.title") == "Message")
    }

    @Test func theDelegateHearsWillShowBeforeTheAnimatorAndDidShowAfterTheTransition() throws {
        // Apple: navigationController(_:willShow:animated:) is called "just before the navigation
        // controller displays a view controller's view", didShow "just after".
        let result = try runScene(navigationStage + """
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration() return 0.2 end
            function Fade:animateTransition(ctx)
              record("animate")
              ctx.containerView:addSubview(ctx:view("to"))
              UIView.animate(0.2, function() ctx:view("to").alpha = 1 end, function() ctx:completeTransition(true) end)
            end
            nav.delegate = {
              animationControllerForOperation = function() return Fade.new() end,
              willShow = function(_, n, vc, animated) record("willShow:" .. vc.title .. ":" .. tostring(animated)) end,
              didShow = function(_, n, vc, animated) record("didShow:" .. vc.title) end,
            }
            nav:pushViewController(message, true)
            transit.wait(1)
            """)
        #expect(try result.text("joined()") == "didAppear:Inbox willShow:Message:true animate didAppear:Message didShow:Message")
    }

    @Test func aTabBarHidesWhileAControllerThatAsksIsPushedAndComesBackOnThePop() throws {
        let result = try runScene("""
            local inbox = UIViewController.new{ title = "Inbox" }
            nav = UINavigationController.new(inbox)
            tabs = UITabBarController.new{ viewControllers = { nav, UIViewController.new{ title = "Other" } } }
            transit.window.rootViewController = tabs
            transit.wait(0.1)
            detail = UIViewController.new{ title = "Detail" }
            detail.hidesBottomBarWhenPushed = true
            nav:pushViewController(detail, true)
            transit.wait(0.35 / 2)
            midX = tabs.tabBar.layer:presentation().frame.x
            transit.wait(1)
            hiddenAfterPush = tabs.tabBar.isHidden
            nav:popViewController(true)
            transit.wait(1)
            """)
        #expect(try result.number("midX") < 0)
        #expect(try result.bool("hiddenAfterPush"))
        #expect(try result.bool("tabs.tabBar.isHidden") == false)
        #expect(try result.number("tabs.tabBar.frame.x") == 0)
    }
}

@Suite struct ApplicationTests {
    @Test func whileIgnoringInteractionEventsTouchesReachNothingAndTheCallsNest() throws {
        let result = try runScene(buttonStage + """
            local app = UIApplication.shared
            app:beginIgnoringInteractionEvents()
            app:beginIgnoringInteractionEvents()
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.1)
            app:endIgnoringInteractionEvents()
            stillIgnoring = app.isIgnoringInteractionEvents
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.1)
            app:endIgnoringInteractionEvents()
            app:endIgnoringInteractionEvents()
            transit.touch.tap{ at = CGPoint(160, 322) }
            transit.wait(0.1)
            """)
        #expect(try result.bool("stillIgnoring"))
        #expect(try result.text("joined()") == "down inside")
        #expect(try result.bool("UIApplication.shared == UIApplication.shared"))
        #expect(try result.bool("UIApplication.shared.windows[1] == transit.window"))
    }

    @Test func settingIsStatusBarHiddenHidesTheStatusBar() throws {
        let result = try runScene("""
            transit.window.rootViewController = UIViewController.new()
            transit.wait(0.1)
            before = UIApplication.shared.isStatusBarHidden
            UIApplication.shared.isStatusBarHidden = true
            transit.wait(0.1)
            """)
        #expect(try result.bool("before") == false)
        #expect(try result.bool("UIApplication.shared.isStatusBarHidden"))
        #expect(result.world.statusBar.current.isHidden)
    }
}

@Suite struct ContainmentTests {
    @Test func addChildCallsWillMoveAndRemoveFromParentCallsDidMove() throws {
        // Apple, addChild(_:): "This method calls the willMove(toParent:) method of the child";
        // removeFromParent(): "this method calls the didMove(toParent:) method of the child
        // view controller, passing nil".
        let result = try runScene("""
            calls = {}
            local Child = UIViewController:subclass("Child")
            function Child:willMoveToParent(parent) calls[#calls + 1] = "will:" .. (parent and parent.title or "nil") end
            function Child:didMoveToParent(parent) calls[#calls + 1] = "did:" .. (parent and parent.title or "nil") end
            parent = UIViewController.new{ title = "Parent" }
            transit.window.rootViewController = parent
            child = Child.new{ title = "Child" }
            parent:addChild(child)
            parent.view:addSubview(child.view)
            child:didMoveToParent(parent)
            count = #parent.children
            isParent = child.parent == parent
            child:willMoveToParent(nil)
            child.view:removeFromSuperview()
            child:removeFromParent()
            """)
        #expect(try result.text("table.concat(calls, ' ')") == "will:Parent did:Parent will:nil did:nil")
        #expect(try result.number("count") == 1)
        #expect(try result.bool("isParent"))
        #expect(try result.number("#parent.children") == 0)
        #expect(try result.text("tostring(child.parent)") == "nil")
    }

    @Test func aSubclassesLayerClassMakesItsBackingLayerAndLayoutSublayersRunsInTheLayoutPass() throws {
        // Apple, UIView.layerClass: "the class used to create the layer for instances of this
        // class"; layoutSublayers(of:) is where a view sizes its layer's sublayers.
        let result = try runScene("""
            GradientView = UIView:subclass("GradientView")
            function GradientView.layerClass() return CAGradientLayer end
            function GradientView:layoutSublayers(layer)
              sublayersLaidOut = (layer == self.layer)
              self.glow.frame = self.bounds
            end
            A = UIViewController.new()
            transit.window.rootViewController = A
            view = GradientView.new{ frame = CGRect(0, 0, 100, 50) }
            view.glow = CALayer.new()
            view.layer:addSublayer(view.glow)
            view.layer.colors = { UIColor.red, UIColor.blue }
            A.view:addSubview(view)
            view:layoutIfNeeded()
            plain = UIView:subclass("Plain").new()
            """)
        #expect(try result.text("view.layer.__name or tostring(view.layer):match('CAGradientLayer')") == "CAGradientLayer")
        #expect(try result.bool("sublayersLaidOut"))
        #expect(try result.number("view.glow.bounds.width") == 100)
        #expect(try result.text("tostring(plain.layer):match('CAGradientLayer') or 'plain'") == "plain")
        do {
            _ = try result.runtime.evaluate("local Bad = UIView:subclass('Bad')\nfunction Bad.layerClass() return UIView end\nBad.new()", chunkName: "=bad.lua")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("bad.lua:3: Bad.new: layerClass must return CALayer"), "\(error.message)")
        }
    }

    @Test func isDescendantFollowsTheHierarchy() throws {
        let result = try runScene("""
            a, b, c = UIView.new(), UIView.new(), UIView.new()
            a:addSubview(b)
            b:addSubview(c)
            answers = tostring(c:isDescendant(a)) .. tostring(a:isDescendant(c)) .. tostring(a:isDescendant(a))
            """)
        #expect(try result.text("answers") == "truefalsetrue")
    }
}

private let scrollStage = """
    A = UIViewController.new()
    transit.window.rootViewController = A
    list = UIScrollView.new{ frame = A.view.bounds, contentSize = CGSize(375, 3000) }
    list.contentInsetAdjustmentBehavior = "never"
    A.view:addSubview(list)
    transit.wait(0.05)

    """

@Suite struct ScrollViewBehaviourTests {
    @Test func draggingPastTheTopRubberBandsAndSpringsBack() throws {
        // Apple, bounces: "If the value of this property is true, the scroll view bounces when it
        // encounters a boundary of the content. Bouncing visually indicates that scrolling has
        // reached an edge of the content."
        let result = try runScene(scrollStage + """
            transit.touch.pan{ from = CGPoint(180, 200), to = CGPoint(180, 300), duration = 0.3, release = false }
            transit.wait(0.4)
            held = list.contentOffset.y
            transit.touch.pan{ from = CGPoint(180, 300), to = CGPoint(180, 300), duration = 0.01 }
            transit.wait(1)
            """)
        let held = try result.number("held")
        // Past the edge, with resistance: less than the finger's 100 pt (less the pan's 10 pt
        // hysteresis), and back at the top once released.
        #expect(held < -5 && held > -90, "\(held)")
        #expect(try result.number("list.contentOffset.y") == 0)
    }

    @Test func withoutBouncesTheContentStopsAtTheEdge() throws {
        let result = try runScene(scrollStage + """
            list.bounces = false
            transit.touch.pan{ from = CGPoint(180, 200), to = CGPoint(180, 300), duration = 0.3, release = false }
            transit.wait(0.4)
            held = list.contentOffset.y
            """)
        #expect(try result.number("held") == 0)
    }

    @Test func theAdjustedInsetAddsTheSafeAreaAsTheBehaviorSays() throws {
        // Apple, adjustedContentInset: "the insets derived from the content insets and the safe
        // area of the scroll view"; .never: "Do not adjust the scroll view insets".
        let result = try runScene("""
            local screen = UIViewController.new{ title = "List" }
            local nav = UINavigationController.new(screen)
            transit.window.rootViewController = nav
            list = UIScrollView.new{ frame = screen.view.bounds, contentSize = CGSize(375, 3000) }
            screen.view:addSubview(list)
            transit.wait(0.05)
            automatic = list.adjustedContentInset.top
            list.contentInsetAdjustmentBehavior = "never"
            never = list.adjustedContentInset.top
            list.contentInsetAdjustmentBehavior = "always"
            list.contentInset = UIEdgeInsets(10, 0, 0, 0)
            always = list.adjustedContentInset.top
            """)
        // Status bar 20 + navigation bar 44 on an iPhone SE.
        #expect(try result.number("automatic") == 64)
        #expect(try result.number("never") == 0)
        #expect(try result.number("always") == 74)
    }

    @Test func zoomingScalesTheDelegatesViewAndTheContentWithinTheRange() throws {
        // Apple, zoomScale: "This value determines how much the content is currently scaled";
        // the view for zooming is scaled by it and the content size follows.
        let result = try runScene(scrollStage + """
            photo = UIView.new{ frame = CGRect(0, 0, 100, 80) }
            list:addSubview(photo)
            zooms = 0
            list.delegate = { viewForZooming = function() return photo end, scrollViewDidZoom = function() zooms = zooms + 1 end }
            list.maximumZoomScale = 3
            pinchExists = list.pinchGestureRecognizer ~= nil
            list.zoomScale = 2
            atTwo = string.format("%g %g %g %g", photo.frame.width, photo.frame.height, list.contentSize.width, list.contentSize.height)
            list.zoomScale = 5
            """)
        #expect(try result.bool("pinchExists"))
        #expect(try result.text("atTwo") == "200 160 200 160")
        #expect(try result.number("list.zoomScale") == 3)
        #expect(try result.number("zooms") == 2)
        #expect(try result.text("tostring(UIScrollView.new().pinchGestureRecognizer)") == "nil")
    }
}
