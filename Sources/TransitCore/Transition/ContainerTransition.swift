// Transitions inside a container view controller: a navigation controller's push and pop, a tab
// bar controller's switch. Unlike a modal presentation they run in the container's own content
// view, start right away (not on the next turn), and end with one child's view filling it.

extension World {
    /// Registers and runs a container transition from `from` to `to` in `contentView`;
    /// `configure` links it to its controller before anything can call back. Without an animator
    /// the views swap at once and the transition ends in this call, as UIKit does.
    func runContainerTransition(_ kind: Transition.Kind, from: ViewController, to: ViewController,
                                presented: ViewController, presenting: ViewController, contentView: View,
                                animator: AnyObject?, interaction: AnyObject?, animated: Bool,
                                configure: (Transition) -> Void, beforeAnimation: () throws -> Void = {}) throws {
        let placeholder = PresentationController(world: self, presented: presented, presenting: presenting)
        placeholder.containerView = contentView
        let transition = Transition(world: self, kind: kind, presented: presented, presenting: presenting,
                                    presentationController: placeholder, containerView: contentView, animated: animated)
        transition.animator = animator
        transition.interactionController = interaction
        transition.fromView = try from.loadViewIfNeeded()
        transition.toView = try to.loadViewIfNeeded()
        configure(transition)
        register(transition)
        try prepareInteraction(transition)
        try from.beginAppearance(appearing: false, animated: transition.isAnimated)
        try to.beginAppearance(appearing: true, animated: transition.isAnimated)
        try beforeAnimation()
        guard let animator else {
            let toView = transition.toView!
            withoutAnimation { toView.frame = contentView.bounds }
            try contentView.addSubview(toView)
            try finishTransition(transition, completed: true)
            return
        }
        try runAnimator(transition, animator)
    }

    /// The end of a container transition: the view of the controller that stays fills the content
    /// view, the other's leaves it.
    func settleContainerViews(_ transition: Transition, completed: Bool, in contentView: View) throws {
        let keep = completed ? transition.toViewController : transition.fromViewController
        let leave = completed ? transition.fromViewController : transition.toViewController
        if let view = keep.viewIfLoaded {
            if view.superview !== contentView { try contentView.addSubview(view) }
            withoutAnimation { view.frame = contentView.bounds }
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        leave.viewIfLoaded?.removeFromSuperview()
    }
}
