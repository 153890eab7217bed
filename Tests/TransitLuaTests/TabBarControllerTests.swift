import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// Three tabs A, B, C that record their appearance callbacks into `calls`, a recording
/// sliding animator, and a delegate that records what it is asked.
private let tabsFixture = """
calls = {}
local function record(name) calls[#calls + 1] = name end
Tab = UIViewController:subclass("Tab")
function Tab:viewWillAppear() record(self.title .. ".viewWillAppear") end
function Tab:viewDidAppear() record(self.title .. ".viewDidAppear") end
function Tab:viewWillDisappear() record(self.title .. ".viewWillDisappear") end
function Tab:viewDidDisappear() record(self.title .. ".viewDidDisappear") end
A, B, C = Tab.new{ title = "A" }, Tab.new{ title = "B" }, Tab.new{ title = "C" }

Slide = NSObject:subclass("Slide")
function Slide:transitionDuration(ctx) record("transitionDuration") return 0.4 end
function Slide:animateTransition(ctx)
  record("animateTransition")
  local from, to = ctx:viewController("from"), ctx:viewController("to")
  observed = { container = ctx.containerView, fromView = ctx:view("from"), toView = ctx:view("to"),
               initialFrom = ctx:initialFrame(from), finalTo = ctx:finalFrame(to), finalFrom = ctx:finalFrame(from),
               selectedDuring = tabs.selectedIndex, coordinator = tabs.transitionCoordinator ~= nil,
               fromTitle = from.title, toTitle = to.title }
  local width = ctx.containerView.bounds.width
  ctx:view("to").frame = ctx:finalFrame(to):offsetBy(width, 0)
  ctx.containerView:addSubview(ctx:view("to"))
  UIView.animate(0.4, function()
    ctx:view("from").frame = ctx:initialFrame(from):offsetBy(-width, 0)
    ctx:view("to").frame = ctx:finalFrame(to)
  end, function()
    record("completeTransition")
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

Delegate = NSObject:subclass("Delegate")
function Delegate:animationControllerForTransitionFrom(tabBarController, from, to)
  record("animationControllerForTransitionFrom " .. from.title .. "→" .. to.title)
  if self.noAnimator then return nil end
  return Slide.new()
end
function Delegate:interactionControllerFor(tabBarController, animator)
  record("interactionControllerFor")
  return self.interaction
end
delegate = Delegate.new()
tabs = UITabBarController.new{ viewControllers = { A, B, C } }
tabs.delegate = delegate
transit.window.rootViewController = tabs
transit.wait(0.1)
calls = {}
"""

@Suite struct TabBarControllerTests {
    @Test func selectedIndexIsOneBasedAndSwitchesThroughTheDelegateAnimator() throws {
        let result = try runScene(tabsFixture + """
            before = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            tabs.selectedIndex = 2
            transit.wait(1)
            after = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            """)
        #expect(try result.text("before") == "1 A")
        #expect(try result.text("after") == "2 B")
        // UIKit asks for the interaction controller only once there is an animator, then runs it.
        #expect(try result.text("table.concat(calls, ', ')") == [
            "animationControllerForTransitionFrom A→B", "interactionControllerFor",
            "A.viewWillDisappear", "B.viewWillAppear", "transitionDuration", "animateTransition",
            "completeTransition", "A.viewDidDisappear", "B.viewDidAppear",
        ].joined(separator: ", "))
        #expect(result.world.transitionHistory.map(\.phase) == ["tab switch"])
        #expect(result.world.transitionHistory.first?.kind == .tabSwitch)
        #expect(result.world.problemRecords.isEmpty)
    }

    @Test func theContextIsTheTabContentWithFullFramesAndBothViews() throws {
        let result = try runScene(tabsFixture + """
            tabs.selectedViewController = C
            transit.wait(1)
            """)
        #expect(try result.text("observed.container.name") == "tab content")
        #expect(try result.text("observed.fromTitle .. '→' .. observed.toTitle") == "A→C")
        #expect(try result.bool("observed.fromView == A.view and observed.toView == C.view"))
        // The content view fills the tab bar controller's view (the tab bar lies over it).
        #expect(try result.bool("observed.initialFrom == tabs.view.bounds and observed.finalTo == tabs.view.bounds"))
        // The from view leaves at the end: its final frame is zero (UIKit's rule for removed views).
        #expect(try result.bool("observed.finalFrom == CGRect.zero"))
        #expect(try result.bool("observed.coordinator"))
        // Only the selected tab's view stays, at the content's bounds.
        #expect(try result.bool("A.view.superview == nil and C.view.superview == observed.container"))
        #expect(try result.bool("C.view.frame == tabs.view.bounds"))
    }

    @Test func theSelectionChangesWhenTheSwitchStartsAndComesBackWhenCancelled() throws {
        let result = try runScene(tabsFixture + """
            delegate.interaction = UIPercentDrivenInteractiveTransition.new()
            tabs.selectedIndex = 3
            transit.wait(0.1)
            delegate.interaction:update(0.2)
            transit.wait(0.1)
            during = tabs.selectedIndex
            delegate.interaction:cancel()
            transit.wait(1)
            afterCancel = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            aVisible = A.view.superview ~= nil and C.view.superview == nil
            """)
        #expect(try result.text("observed.selectedDuring") == "3")
        #expect(try result.text("during") == "3")
        #expect(try result.text("afterCancel") == "1 A")
        #expect(try result.bool("aVisible"))
        #expect(result.world.transitionHistory.map(\.phase) == ["interactive cancel"])
        // A cancel swaps the appearance callbacks (UIKit's documented swap), as for any
        // cancelled transition: the tab that was appearing disappears again.
        let calls = try #require(try result.text("table.concat(calls, ', ')"))
        #expect(calls.contains("C.viewWillDisappear, A.viewWillAppear"))
        #expect(calls.hasSuffix("A.viewDidAppear, C.viewDidDisappear"))
    }

    @Test func withoutAnAnimatorTheViewsSwapAtOnceAndNoInteractionIsAsked() throws {
        let result = try runScene(tabsFixture + """
            delegate.noAnimator = true
            tabs.selectedIndex = 2
            immediately = B.view.superview ~= nil and A.view.superview == nil and tabs.transitionCoordinator == nil
            """)
        #expect(try result.bool("immediately"))
        #expect(try result.text("table.concat(calls, ', ')") == [
            "animationControllerForTransitionFrom A→B",
            "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear",
        ].joined(separator: ", "))
    }

    @Test func theTabBarIsDrawnAtUIKitsHeightAboveTheContent() throws {
        let phone = try runScene(tabsFixture + """
            bar = tabs.tabBar.frame
            onTop = tabs.view.subviews[#tabs.view.subviews] == tabs.tabBar
            titles = {}
            for _, label in ipairs(tabs.tabBar.subviews) do if label.text then titles[#titles + 1] = label.text end end
            titles = table.concat(titles, ",")
            """, device: "iPhone 15")
        // 49 pt plus the 34 pt home-indicator safe area of an iPhone 15, at the bottom.
        #expect(try phone.number("bar.height") == 83)
        #expect(try phone.number("bar.maxY") == 852)
        #expect(try phone.bool("onTop"))
        #expect(try phone.text("titles") == "A,B,C")
        let se = try runScene(tabsFixture + "bar = tabs.tabBar.frame", device: "iPhone SE")
        #expect(try se.number("bar.height") == 49)
        // In landscape (compact height) UIKit's bar is 32 pt, over a 21 pt home-indicator inset.
        let turned = try runScene(tabsFixture + """
            transit.rotate("landscapeLeft")
            transit.wait(0.1)
            bar = tabs.tabBar.frame
            """, device: "iPhone 15")
        #expect(try turned.number("bar.height") == 32 + 21)
        #expect(try turned.number("bar.maxY") == 393)
        #expect(try turned.number("bar.width") == 852)
    }

    @Test func aTapOnATabAsksShouldSelectAndSelectsUnlessRefused() throws {
        let result = try runScene(tabsFixture + """
            function Delegate:shouldSelect(tabBarController, vc)
              calls[#calls + 1] = "shouldSelect " .. vc.title
              return vc ~= C
            end
            local bar = tabs.tabBar:convert(tabs.tabBar.bounds, transit.window)
            local slot = bar.width / 3
            transit.touch.tap{ at = CGPoint(bar.x + slot * 2.5, bar.y + 20) }
            transit.wait(1)
            afterC = tabs.selectedIndex
            transit.touch.tap{ at = CGPoint(bar.x + slot * 1.5, bar.y + 20) }
            transit.wait(1)
            afterB = tabs.selectedIndex
            """)
        #expect(try result.text("afterC") == "1")
        #expect(try result.text("afterB") == "2")
        let calls = try #require(try result.text("table.concat(calls, ', ')"))
        #expect(calls.hasPrefix("shouldSelect C, shouldSelect B, animationControllerForTransitionFrom A→B"))
    }

    @Test func badSelectionsAreClearErrors() throws {
        let outOfRange = try runScene(tabsFixture + """
            ok, message = pcall(function() tabs.selectedIndex = 4 end)
            """)
        #expect(try outOfRange.bool("ok") == false)
        #expect(try outOfRange.text("message")?.contains("must be between 1 and 3") == true)
        let during = try runScene(tabsFixture + """
            tabs.selectedIndex = 2
            ok, message = pcall(function() tabs.selectedIndex = 3 end)
            transit.wait(1)
            """)
        #expect(try during.bool("ok") == false)
        #expect(try during.text("message")?.contains("while a tab transition is running") == true)
        let stranger = try runScene(tabsFixture + """
            ok, message = pcall(function() tabs.selectedViewController = UIViewController.new() end)
            """)
        #expect(try stranger.text("message")?.contains("is not one of the tab bar controller's viewControllers") == true)
    }

    @Test func reassigningViewControllersKeepsTheSelectedOneAsUIKitDocuments() throws {
        let result = try runScene(tabsFixture + """
            delegate.noAnimator = true
            tabs.selectedIndex = 2
            local D = Tab.new{ title = "D" }
            tabs.viewControllers = { D, C, B }
            kept = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            local E = Tab.new{ title = "E" }
            tabs.viewControllers = { D, C, E }
            sameIndex = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            tabs.viewControllers = { D }
            first = tabs.selectedIndex .. " " .. tabs.selectedViewController.title
            """)
        #expect(try result.text("kept") == "3 B")
        #expect(try result.text("sameIndex") == "3 E")
        #expect(try result.text("first") == "1 D")
    }
}
