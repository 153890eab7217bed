// What a transition context and coordinator still answer once the transition is over. UIKit's
// context object outlives completeTransition and keeps its state (BubbleTransition reads
// transitionWasCancelled in its dismissal completion); only mutating calls on it are mistakes.

/// The read-only members of a transition context and coordinator.
public protocol TransitionReadableState: AnyObject {
    var containerView: View { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var initiallyInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: ModalPresentationStyle { get }
    var targetTransform: Transform2D { get }
    var percentComplete: Double { get }
    var duration: Double { get }
    var completionSpeed: Double { get }
    var completionCurve: AnimationCurve { get }
    var isInterruptible: Bool { get }
    func viewController(_ key: TransitionKey) -> ViewController
    func view(_ key: TransitionKey) -> View?
    func initialFrame(_ controller: ViewController) -> Rect
    func finalFrame(_ controller: ViewController) -> Rect
}

extension Transition: TransitionReadableState {
    public var isInterruptible: Bool { interruptibleAnimator != nil }
}

/// A finished transition's state, as it was when it completed. It holds the views and
/// controllers, never the transition, so nothing keeps the transition alive.
public final class FinishedTransitionState: TransitionReadableState {
    public let containerView: View
    public let isAnimated: Bool
    public let isInteractive = false
    public let initiallyInteractive: Bool
    public let transitionWasCancelled: Bool
    public let presentationStyle: ModalPresentationStyle
    public let targetTransform: Transform2D
    public let percentComplete: Double
    public let duration: Double
    public let completionSpeed: Double
    public let completionCurve: AnimationCurve
    public let isInterruptible: Bool
    private let controllers: (from: ViewController, to: ViewController)
    private let views: (from: View?, to: View?)
    private let frames: [(controller: ViewController, initial: Rect, final: Rect)]

    init(_ transition: Transition) {
        containerView = transition.containerView
        isAnimated = transition.isAnimated
        initiallyInteractive = transition.initiallyInteractive
        transitionWasCancelled = transition.transitionWasCancelled
        presentationStyle = transition.presentationStyle
        targetTransform = transition.targetTransform
        percentComplete = transition.percentComplete
        duration = transition.duration
        completionSpeed = transition.completionSpeed
        completionCurve = transition.completionCurve
        isInterruptible = transition.isInterruptible
        controllers = (transition.fromViewController, transition.toViewController)
        views = (transition.view(.from), transition.view(.to))
        frames = [controllers.from, controllers.to].map { ($0, transition.initialFrame($0), transition.finalFrame($0)) }
    }

    public func viewController(_ key: TransitionKey) -> ViewController { key == .from ? controllers.from : controllers.to }
    public func view(_ key: TransitionKey) -> View? { key == .from ? views.from : views.to }
    public func initialFrame(_ controller: ViewController) -> Rect { frames.first { $0.controller === controller }?.initial ?? .zero }
    public func finalFrame(_ controller: ViewController) -> Rect { frames.first { $0.controller === controller }?.final ?? .zero }
}

extension TransitionContext {
    /// The transition's state: live while it runs, as it ended afterwards (nil only for a
    /// context that never belonged to a transition).
    public var readableState: TransitionReadableState? { transition ?? finishedState }
}

extension TransitionCoordinator {
    public var readableState: TransitionReadableState? { liveTransition ?? finishedState ?? rotation }
}

/// The coordinator's state during a rotation (`transit.rotate`): UIKit passes a coordinator
/// to viewWillTransition(to:with:). Transit's rotation is not animated, so it reports no
/// animation and runs alongside blocks without animation once the new size applies.
public final class RotationState: TransitionReadableState {
    public let containerView: View
    public let isAnimated = false
    public let isInteractive = false
    public let initiallyInteractive = false
    public let transitionWasCancelled = false
    public let presentationStyle = ModalPresentationStyle.fullScreen
    public let targetTransform: Transform2D
    public let percentComplete = 0.0
    public let duration = 0.0
    public let completionSpeed = 1.0
    public let completionCurve = AnimationCurve.easeInOut
    public let isInterruptible = false
    private let root: ViewController?
    var work: [(animation: ((TransitionCoordinator) throws -> Void)?, completion: ((TransitionCoordinator) throws -> Void)?)] = []
    var isOver = false

    init(container: View, root: ViewController?, targetTransform: Transform2D) {
        self.containerView = container
        self.root = root
        self.targetTransform = targetTransform
    }

    /// Both keys name the root view controller (the one that rotates); no view is handed out.
    public func viewController(_ key: TransitionKey) -> ViewController { root ?? ViewController(world: containerView.world) }
    public func view(_ key: TransitionKey) -> View? { nil }
    public func initialFrame(_ controller: ViewController) -> Rect { .zero }
    public func finalFrame(_ controller: ViewController) -> Rect { .zero }
}
