import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 11 item 3, the status bar: which controller decides its appearance (UIKit's documented
// rule for presentations, modalPresentationCapturesStatusBarAppearance, childForStatusBarStyle
// and childForStatusBarHidden), and when UIKit reads it again (docs/semantics.md, "The status
// bar"). Everything through Lua; the appearance read from the world's status-bar timeline.

/// Controller classes: Light and Dark ask for light and dark content, Hidden hides the bar.
private let controllers = """
Light = UIViewController:subclass("Light")
function Light:preferredStatusBarStyle() return "lightContent" end
Dark = UIViewController:subclass("Dark")
function Dark:preferredStatusBarStyle() return "darkContent" end
Hidden = UIViewController:subclass("Hidden")
function Hidden:prefersStatusBarHidden() return true end
root = UIViewController.new{ title = "root" }
transit.window.rootViewController = root

"""

private func appearance(_ result: SceneResult) -> StatusBarAppearance { result.world.statusBar.current }

/// Root presents a new `controller` (a class above) with `style`; `extra` lines run before the
/// presentation (as `presented`), and the scene waits out the transition. `ok` says it was presented.
private func presenting(_ controller: String, _ style: String, animated: Bool = false, device: String = "iPhone SE",
                        extra: String = "") throws -> SceneResult {
    try runScene(controllers + """
        presented = \(controller).new()
        presented.modalPresentationStyle = "\(style)"
        \(extra)
        root:present(presented, \(animated))
        transit.wait(1)
        ok = root.presentedViewController == presented
        """, device: device)
}

@Suite struct StatusBarRuleTests {
    @Test func aFullScreenPresentationTakesTheStatusBarAndItsDismissalGivesItBack() throws {
        // UIKit: appearance control passes to the presented controller when its style is fullScreen.
        let result = try runScene(controllers + """
            light = Light.new()
            light.modalPresentationStyle = "fullScreen"
            root:present(light, true)
            transit.wait(0.05)
            during = transit.window.rootViewController.presentedViewController ~= nil
            transit.wait(1)
            presented = light.presentingViewController == root
            """)
        #expect(try result.bool("presented"))
        #expect(appearance(result).style == .lightContent)

        let dismissed = try runScene(controllers + """
            light = Light.new()
            light.modalPresentationStyle = "fullScreen"
            root:present(light, false)
            transit.wait(0.5)
            light:dismiss(true)
            transit.wait(1)
            """)
        #expect(appearance(dismissed).style == .default)
    }

    @Test func aPresentationThatRunsByItselfCrossfadesTheBarOverItsDuration() throws {
        let result = try runScene(controllers + """
            transit.wait(0.5)
            light = Light.new()
            light.modalPresentationStyle = "fullScreen"
            root:present(light, true)
            transit.wait(1)
            """)
        let record = try #require(result.world.transitionHistory.first)
        let end = try #require(record.end)
        #expect(end > record.start + 0.1)
        let bars = result.world.statusBar
        #expect(bars.visibleBars(at: record.start - 0.01).map(\.appearance.style) == [.default])
        let middle = bars.visibleBars(at: (record.start + end) / 2)
        #expect(middle.map(\.appearance.style) == [.default, .lightContent])
        #expect(abs(middle[0].opacity + middle[1].opacity - 1) < 1e-9 && middle[1].opacity > 0.1 && middle[1].opacity < 0.9)
        #expect(bars.visibleBars(at: end).map(\.appearance.style) == [.lightContent])
    }

    @Test func aCancelledPresentationPutsThePresentersAppearanceBackAtItsEnd() throws {
        let result = try runScene(controllers + """
            Cancelling = NSObject:subclass("Cancelling")
            function Cancelling:transitionDuration() return 0.4 end
            function Cancelling:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              UIView.animate{ duration = 0.4, animations = function() ctx:view("to").alpha = 0.5 end,
                              completion = function() ctx:completeTransition(false) end }
            end
            light = Light.new()
            light.modalPresentationStyle = "fullScreen"
            light.transitioningDelegate = { animationControllerForPresented = function() return Cancelling.new() end }
            root:present(light, true)
            transit.wait(1)
            """)
        let record = try #require(result.world.transitionHistory.first)
        #expect(record.completed == false)
        #expect(appearance(result).style == .default)
        #expect(result.world.statusBar.visibleBars(at: try #require(record.end)).map(\.appearance.style) == [.default])
    }

    @Test func anInteractivePresentationChangesTheBarWhenItCompletesNotBefore() throws {
        let result = try runScene(recordingAnimator + controllers + """
            interaction = UIPercentDrivenInteractiveTransition.new()
            light = Light.new()
            light.modalPresentationStyle = "fullScreen"
            light.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            root:present(light, true)
            transit.wait(0.1)
            interaction:update(0.8)
            transit.wait(1)
            interaction:finish()
            transit.wait(1)
            """)
        let record = try #require(result.world.transitionHistory.first)
        let end = try #require(record.end)
        #expect(end > record.start + 1)
        let bars = result.world.statusBar
        #expect(bars.visibleBars(at: end - 0.01).map(\.appearance.style) == [.default])
        #expect(bars.visibleBars(at: end).map(\.appearance.style) == [.lightContent])
    }

    @Test func anOverFullScreenPresentationTakesTheStatusBarToo() throws {
        #expect(appearance(try presenting("Light", "overFullScreen")).style == .lightContent)
    }

    @Test func customAndCurrentContextPresentationsLeaveItToThePresenter() throws {
        for style in ["custom", "overCurrentContext", "currentContext"] {
            let result = try presenting("Light", style)
            #expect(try result.bool("ok"), "\(style)")
            #expect(appearance(result).style == .default, "\(style)")
        }
    }

    @Test func sheetsInRegularWidthLeaveItToThePresenter() throws {
        for style in ["pageSheet", "formSheet"] {
            let result = try presenting("Dark", style, device: "iPad")
            #expect(try result.bool("ok"), "\(style)")
            #expect(appearance(result).style == .default, "\(style)")
        }
    }

    @Test func aCompactWidthSheetTurnsTheBarLightOverTheBlackBehindTheScaledBackPresenter() throws {
        // iOS 13+ on iPhone the presenter scales back and black shows under the status bar.
        for style in ["pageSheet", "formSheet", "automatic"] {
            let result = try presenting("Dark", style, animated: true)
            #expect(appearance(result).style == .lightContent, "\(style)")
        }
        let dismissed = try runScene(controllers + """
            dark = Dark.new()
            dark.modalPresentationStyle = "pageSheet"
            root:present(dark, false)
            transit.wait(0.5)
            dark:dismiss(true)
            transit.wait(1)
            """)
        #expect(appearance(dismissed).style == .default)
    }

    @Test func capturesStatusBarAppearanceHandsItToASheetOrACustomPresentation() throws {
        for style in ["pageSheet", "custom"] {
            let result = try presenting("Dark", style, extra: """
                presented.modalPresentationCapturesStatusBarAppearance = true
                captures = presented.modalPresentationCapturesStatusBarAppearance
                """)
            #expect(try result.bool("captures"))
            #expect(appearance(result).style == .darkContent, "\(style)")
        }
    }

    @Test func theChainFollowsEveryCapturingPresentationAndStopsAtTheFirstThatDoesNot() throws {
        let result = try runScene(controllers + """
            dark = Dark.new()
            dark.modalPresentationStyle = "fullScreen"
            root:present(dark, false)
            transit.wait(0.5)
            hidden = Hidden.new()
            hidden.modalPresentationStyle = "custom"
            dark:present(hidden, false)
            transit.wait(0.5)
            """)
        #expect(appearance(result) == StatusBarAppearance(style: .darkContent, isHidden: false))
    }

    @Test func aNavigationControllerForwardsToItsTopControllerAfterAPushOrPop() throws {
        // Transit draws no navigation bar: the top controller decides, as UIKit's does with the
        // bar hidden.
        let result = try runScene(controllers + """
            nav = UINavigationController.new(UIViewController.new())
            transit.window.rootViewController = nav
            nav:pushViewController(Light.new(), true)
            transit.wait(1)
            forwarded = nav.childForStatusBarStyle == nav.topViewController
            """)
        #expect(try result.bool("forwarded"))
        #expect(appearance(result).style == .lightContent)

        let popped = try runScene(controllers + """
            nav = UINavigationController.new(UIViewController.new())
            transit.window.rootViewController = nav
            nav:pushViewController(Light.new(), false)
            transit.wait(0.5)
            nav:popViewController(true)
            transit.wait(1)
            """)
        #expect(appearance(popped).style == .default)
    }

    @Test func aTabBarControllerForwardsToItsSelectedController() throws {
        let result = try runScene(controllers + """
            tabs = UITabBarController.new{ viewControllers = { UIViewController.new(), Light.new() } }
            transit.window.rootViewController = tabs
            before = tabs.childForStatusBarStyle == tabs.selectedViewController
            tabs.selectedIndex = 2
            transit.wait(0.5)
            """)
        #expect(try result.bool("before"))
        #expect(appearance(result).style == .lightContent)
    }

    @Test func aContainerOverridingChildForStatusBarStyleDecidesWhichChildAnswers() throws {
        let result = try runScene(controllers + """
            Container = UIViewController:subclass("Container")
            function Container:init() self.light = Light.new() end
            function Container:childForStatusBarStyle() return self.light end
            function Container:childForStatusBarHidden() return Hidden.new() end
            transit.window.rootViewController = Container.new()
            """)
        #expect(appearance(result) == StatusBarAppearance(style: .lightContent, isHidden: true))
    }

    @Test func setNeedsStatusBarAppearanceUpdateReadsTheOverrideAgainAndOnlyThen() throws {
        let result = try runScene(controllers + """
            Switching = UIViewController:subclass("Switching")
            function Switching:preferredStatusBarStyle() return self.style or "default" end
            function Switching:prefersStatusBarHidden() return self.hide == true end
            s = Switching.new()
            transit.window.rootViewController = s
            s.style = "lightContent"
            transit.wait(0.1)
            s:setNeedsStatusBarAppearanceUpdate()
            """)
        #expect(appearance(result).style == .lightContent)
        #expect(result.world.trace.lines.contains { $0.hasSuffix("[UIStatusBar] appearance style=lightContent hidden=false") })

        let hidden = try runScene(controllers + """
            Switching = UIViewController:subclass("Switching")
            function Switching:prefersStatusBarHidden() return self.hide == true end
            s = Switching.new()
            transit.window.rootViewController = s
            s.hide = true
            transit.wait(0.1)
            """)
        #expect(appearance(hidden).isHidden == false)  // not asked again yet
    }

    @Test func anUpdateInsideAnAnimationBlockCrossfadesOverTheBlock() throws {
        let result = try runScene(controllers + """
            Switching = UIViewController:subclass("Switching")
            function Switching:preferredStatusBarStyle() return self.style or "default" end
            s = Switching.new()
            transit.window.rootViewController = s
            transit.wait(1)
            UIView.animate{ duration = 0.4, delay = 0.1, options = { "curveLinear" }, animations = function()
              s.style = "lightContent"
              s:setNeedsStatusBarAppearanceUpdate()
            end }
            transit.wait(1)
            """)
        let bars = result.world.statusBar
        // Linear curve over 0.4 s after a 0.1 s delay: a quarter of the way at 1.2 s.
        #expect(bars.visibleBars(at: 1.05).map(\.appearance.style) == [.default])
        let quarter = bars.visibleBars(at: 1.2)
        #expect(quarter.map(\.appearance.style) == [.default, .lightContent])
        #expect(abs(quarter[0].opacity - 0.75) < 1e-9 && abs(quarter[1].opacity - 0.25) < 1e-9)
        #expect(bars.visibleBars(at: 1.55).map(\.appearance.style) == [.lightContent])
        #expect(bars.visibleBars(at: 1.55)[0].opacity == 1)
    }

    @Test func hidingInsideAnAnimationBlockFadesTheBarOut() throws {
        let result = try runScene(controllers + """
            Switching = UIViewController:subclass("Switching")
            function Switching:prefersStatusBarHidden() return self.hide == true end
            s = Switching.new()
            transit.window.rootViewController = s
            transit.wait(1)
            UIView.animate{ duration = 0.5, options = { "curveLinear" }, animations = function()
              s.hide = true
              s:setNeedsStatusBarAppearanceUpdate()
            end }
            transit.wait(1)
            """)
        let half = result.world.statusBar.visibleBars(at: 1.25)
        #expect(half.count == 1 && abs(half[0].opacity - 0.5) < 1e-9)
        #expect(result.world.statusBar.visibleBars(at: 1.5).isEmpty)
    }

    @Test func performWithoutAnimationChangesAtOnce() throws {
        let result = try runScene(controllers + """
            Switching = UIViewController:subclass("Switching")
            function Switching:preferredStatusBarStyle() return self.style or "default" end
            s = Switching.new()
            transit.window.rootViewController = s
            transit.wait(1)
            UIView.animate{ duration = 0.4, animations = function()
              UIView.performWithoutAnimation(function()
                s.style = "lightContent"
                s:setNeedsStatusBarAppearanceUpdate()
              end)
            end }
            transit.wait(1)
            """)
        #expect(result.world.statusBar.visibleBars(at: 1.0).map(\.appearance.style) == [.lightContent])
    }

    @Test func overridesReturningTheWrongTypeAreErrorsNamingTheOverride() throws {
        let cases: [(String, String)] = [
            ("function Light:prefersStatusBarHidden() return \"yes\" end",
             "Light.prefersStatusBarHidden must return a boolean (got \"yes\")"),
            ("function Light:childForStatusBarStyle() return 3 end",
             "Light.childForStatusBarStyle must return a UIViewController (got 3)"),
        ]
        for (override, message) in cases {
            do {
                _ = try runScene(controllers + override + "\ntransit.window.rootViewController = Light.new()\n")
                Issue.record("expected an error for \(override)")
            } catch let error as ScriptError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        do {
            _ = try runScene("UIViewController.new().modalPresentationCapturesStatusBarAppearance = 1")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: UIViewController.modalPresentationCapturesStatusBarAppearance"), "\(error.message)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func aCycleOfChildrenStopsInsteadOfLooping() throws {
        let result = try runScene(controllers + """
            Loop = UIViewController:subclass("Loop")
            function Loop:childForStatusBarStyle() return self.other end
            a, b = Loop.new(), Loop.new()
            a.other, b.other = b, a
            transit.window.rootViewController = a
            """)
        #expect(appearance(result).style == .default)
    }
}
