import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// A custom presentation whose controller's delegate adapts it to full screen and shows the
/// presented controller inside a navigation controller (Apple's Adaptive Presentation sample).
private let adaptiveFixture = """
asked = {}
Delegate = NSObject:subclass("Delegate")
function Delegate:adaptivePresentationStyle(controller, traits)
  asked[#asked + 1] = "adaptivePresentationStyle"
  return "fullScreen"
end
function Delegate:viewControllerForAdaptivePresentationStyle(controller, style)
  asked[#asked + 1] = "viewControllerForAdaptivePresentationStyle " .. style
  wrapper = UINavigationController.new(controller.presentedViewController)
  return wrapper
end
Card = UIPresentationController:subclass("Card")
function Card:init() self.delegate = Delegate.new() end
function Card:frameOfPresentedViewInContainerView()
  local b = self.containerView.bounds
  return CGRect(b.width / 4, b.height / 4, b.width / 2, b.height / 2)
end
A = UIViewController.new{ title = "A" }
B = UIViewController.new{ title = "B" }
transit.window.rootViewController = A
B.modalPresentationStyle = "custom"
B.transitioningDelegate = {
  presentationController = function(_, presented, presenting) return Card.new(presented, presenting) end,
  animationControllerForPresented = function() return Animator.new() end,
  animationControllerForDismissed = function() return Animator.new() end,
}
A:present(B, true)
transit.wait(1)
"""

@Suite struct AdaptivePresentationTests {
    @Test func compactWidthShowsTheDelegatesReplacementInTheAdaptedStyle() throws {
        let result = try runScene(recordingAnimator + adaptiveFixture + """
            shown = observed.toView == wrapper.view and B.view.superview ~= nil
            pair = A.presentedViewController == B and B.presentingViewController == A
            full = wrapper.view.frame == transit.window.bounds
            B:dismiss(true)
            transit.wait(1)
            gone = A.presentedViewController == nil and wrapper.view.window == nil
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(asked, ', ')") == "adaptivePresentationStyle, viewControllerForAdaptivePresentationStyle fullScreen")
        // The replacement's view is what the transition animates; the presented controller
        // (inside it) is still the one presented, so dismissing it works.
        #expect(try result.bool("shown"))
        #expect(try result.bool("pair"))
        #expect(try result.bool("full"))
        #expect(try result.bool("gone"))
        #expect(result.world.problemRecords.isEmpty)
    }

    @Test func regularWidthKeepsTheCustomPresentationAndAsksNoReplacement() throws {
        let result = try runScene(recordingAnimator + adaptiveFixture + """
            shown = observed.toView == B.view and wrapper == nil
            """, device: "iPad")
        #expect(try result.bool("shown"))
        // No adaptation, so no replacement is asked for (whether the style is asked at all in a
        // regular width is UIKit's business, not this test's).
        #expect(try result.text("table.concat(asked, ', ')")?.contains("viewControllerForAdaptivePresentationStyle") == false)
    }

    @Test func aReplacementAlreadyOnScreenIsAClearError() throws {
        let result = try runScene(recordingAnimator + """
            Delegate = NSObject:subclass("Delegate")
            function Delegate:adaptivePresentationStyle() return "fullScreen" end
            function Delegate:viewControllerForAdaptivePresentationStyle(controller) return controller.presentingViewController end
            Card = UIPresentationController:subclass("Card")
            function Card:init() self.delegate = Delegate.new() end
            A = UIViewController.new{ title = "A" }
            B = UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              presentationController = function(_, presented, presenting) return Card.new(presented, presenting) end,
              animationControllerForPresented = function() return Animator.new() end,
            }
            ok, message = pcall(function() A:present(B, true) transit.wait(0.5) end)
            """, device: "iPhone 15")
        #expect(try result.bool("ok") == false)
        #expect(try result.text("message")?.contains("which is already on screen") == true)
    }
}
