import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// `finalFrame(for:)` of the controller a custom dismissal takes away. Apple's
/// UIViewControllerContextTransitioning documentation only allows CGRectZero "if the view
/// controller's view is being removed"; Material Components' dialog transition (2016 on) sets
/// the dismissed view's frame from it and then fades it, which iOS shows as a fade, not a view
/// that vanishes at once: Transit answers the view's frame when the dismissal began.
@Suite struct FinalFrameTests {
    private let scene = """
        Card = UIPresentationController:subclass("Card")
        function Card:frameOfPresentedViewInContainerView() return CGRect(40, 100, 240, 300) end
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
        B:dismiss(true)
        transit.wait(1)
        """

    @Test func finalFrameForTheDismissedControllerIsItsFrameWhenTheDismissalBegan() throws {
        let result = try runScene(recordingAnimator + scene)
        #expect(try result.bool("observed.presenting") == false)
        #expect(try result.text("tostring(observed.finalFrom)") == "CGRect(40, 100, 240, 300)")
        #expect(result.world.problemRecords.isEmpty)
    }

    @Test func finalFrameForTheDismissedControllerFollowsAFrameChangedWhilePresented() throws {
        let result = try runScene(recordingAnimator + scene.replacingOccurrences(of: "B:dismiss(true)", with: "B.view.frame = CGRect(10, 20, 100, 200)\nB:dismiss(true)"))
        #expect(try result.text("tostring(observed.finalFrom)") == "CGRect(10, 20, 100, 200)")
    }

    /// Unchanged: a presentation that removes the presenter's view gives it zero.
    @Test func finalFrameForARemovedPresenterStaysZero() throws {
        let result = try runScene(recordingAnimator + """
            A = UIViewController.new{ title = "A" }
            B = UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = { animationControllerForPresented = function() return Animator.new() end }
            A:present(B, true)
            transit.wait(1)
            """)
        #expect(try result.bool("observed.finalFrom == CGRect.zero"))
    }
}
