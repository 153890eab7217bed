// A call the model refuses because UIKit would (an exception, an assertion, a limit of the
// simulation): presenting a controller twice, pushing onto a stack mid-transition, a
// non-finite duration. The case says which part of the model refused it, so a binding can
// catch its own concern's errors (Layers.swift catches layer and animation ones); the text is
// the whole message, written where the rule is checked. A message that begins with the API
// member it is about ("UIView.addKeyframe must be called inside ...") says so in `member`, so
// the bridge names a function once without reading the text (ObjectDispatch.swift).

/// One refusal's words: the whole message, and the API member it begins with, if any. Written
/// as a string literal when it names no member: `.animation("duration must be finite")`.
public struct ModelRefusal: Equatable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The whole message.
    public var text: String
    /// The member the message begins with ("UIViewPropertyAnimator.startAnimation"), or nil.
    public var member: String?

    public init(stringLiteral value: String) { text = value; member = nil }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation); member = nil }

    /// A message about `member`: its name, then `rest` (": the animator is stopped", " must be ...").
    public static func naming(_ member: String, _ rest: String) -> ModelRefusal {
        var refusal = ModelRefusal(stringLiteral: member + rest)
        refusal.member = member
        return refusal
    }

    public var description: String { text }
}

public enum ModelUsageError: Error, CustomStringConvertible, Equatable {
    /// UIView.animate, property animators, Core Animation, view transitions.
    case animation(ModelRefusal)
    /// addSubview and the rest of the view tree's rules.
    case viewHierarchy(ModelRefusal)
    /// Standalone sublayers and masks.
    case layerTree(ModelRefusal)
    /// Table and collection views and their data sources.
    case list(ModelRefusal)
    /// Navigation and tab bar controllers' stacks and tabs.
    case containment(ModelRefusal)
    /// present/dismiss, sheets and popovers.
    case presentation(ModelRefusal)
    /// Interactive transitions and the transition coordinator.
    case transition(ModelRefusal)
    /// Synthetic touches.
    case touches(ModelRefusal)
    /// Virtual time and the run loop's limits.
    case runLoop(ModelRefusal)
    /// Scrolling and zooming.
    case scrolling(ModelRefusal)

    public var message: String {
        switch self {
        case .animation(let message), .viewHierarchy(let message), .layerTree(let message),
             .list(let message), .containment(let message), .presentation(let message),
             .transition(let message), .touches(let message), .runLoop(let message),
             .scrolling(let message):
            return message.text
        }
    }

    /// The member the message begins with, when it names one (`ModelRefusal.naming`).
    public var member: String? {
        switch self {
        case .animation(let refusal), .viewHierarchy(let refusal), .layerTree(let refusal),
             .list(let refusal), .containment(let refusal), .presentation(let refusal),
             .transition(let refusal), .touches(let refusal), .runLoop(let refusal),
             .scrolling(let refusal):
            return refusal.member
        }
    }

    public var description: String { message }
}
