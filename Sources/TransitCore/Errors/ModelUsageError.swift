// A call the model refuses because UIKit would (an exception, an assertion, a limit of the
// simulation): presenting a controller twice, pushing onto a stack mid-transition, a
// non-finite duration. The case says which part of the model refused it, so a binding can
// catch its own concern's errors (Layers.swift catches layer and animation ones); the text is
// the whole message, written where the rule is checked.

public enum ModelUsageError: Error, CustomStringConvertible, Equatable {
    /// UIView.animate, property animators, Core Animation, view transitions.
    case animation(String)
    /// addSubview and the rest of the view tree's rules.
    case viewHierarchy(String)
    /// Standalone sublayers and masks.
    case layerTree(String)
    /// Table and collection views and their data sources.
    case list(String)
    /// Navigation and tab bar controllers' stacks and tabs.
    case containment(String)
    /// present/dismiss, sheets and popovers.
    case presentation(String)
    /// Interactive transitions and the transition coordinator.
    case transition(String)
    /// Synthetic touches.
    case touches(String)
    /// Virtual time and the run loop's limits.
    case runLoop(String)
    /// Scrolling and zooming.
    case scrolling(String)

    public var message: String {
        switch self {
        case .animation(let message), .viewHierarchy(let message), .layerTree(let message),
             .list(let message), .containment(let message), .presentation(let message),
             .transition(let message), .touches(let message), .runLoop(let message),
             .scrolling(let message):
            return message
        }
    }

    public var description: String { message }
}
