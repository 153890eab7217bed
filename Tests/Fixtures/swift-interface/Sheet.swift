import UIKit

// A half-height sheet as a translated presentation effect would read, which SwiftInterfaceTests
// type-checks: a presentation controller subclass with a dimming view, its transitioning delegate,
// a slide-up animator on a property animator, an interactive dismissal driven by a pan.
final class HalfSheetPresentationController: UIPresentationController {
    private let dimmingView = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        let height = container.bounds.height / 2
        return CGRect(x: 0, y: container.bounds.height - height, width: container.bounds.width, height: height)
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        dimmingView.frame = container.bounds
        dimmingView.alpha = 0
        container.insertSubview(dimmingView, at: 0)
        _ = presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 1
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        presentedView?.frame = frameOfPresentedViewInContainerView
        presentedView?.layer.cornerRadius = 12
        presentedView?.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    }
}

final class SlideUp: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewKey = presenting ? .to : .from
        guard let view = transitionContext.view(forKey: key),
              let controller = transitionContext.viewController(forKey: presenting ? .to : .from) else { return }
        let final = transitionContext.finalFrame(for: controller)
        if presenting {
            transitionContext.containerView.addSubview(view)
            view.frame = final.offsetBy(dx: 0, dy: final.height)
        }
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), dampingRatio: 0.9) {
            view.frame = self.presenting ? final : view.frame.offsetBy(dx: 0, dy: view.frame.height)
        }
        animator.addCompletion { position in
            transitionContext.completeTransition(position == .end && !transitionContext.transitionWasCancelled)
        }
        animator.startAnimation()
    }
}

final class SheetTransitioning: NSObject, UIViewControllerTransitioningDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        HalfSheetPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        SlideUp(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        SlideUp(presenting: false)
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
        interaction
    }

    func handle(_ pan: UIPanGestureRecognizer, in view: UIView) {
        let progress = max(0, min(1, pan.translation(in: view).y / view.bounds.height))
        switch pan.state {
        case .changed: interaction.update(progress)
        case .ended: progress > 0.5 ? interaction.finish() : interaction.cancel()
        default: break
        }
    }
}

@MainActor func show(_ controller: UIViewController, from presenter: UIViewController, delegate: SheetTransitioning) {
    controller.modalPresentationStyle = .custom
    controller.transitioningDelegate = delegate
    presenter.present(controller, animated: true)
    UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [.curveEaseOut], animations: {
        controller.view.transform = CGAffineTransform(scaleX: 0.95, y: 0.95).concatenating(CGAffineTransform(translationX: 0, y: 10))
    })
    let layer = CALayer()
    layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 0.25
    layer.add(fade, forKey: "fade")
}
