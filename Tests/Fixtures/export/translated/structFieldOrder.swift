// Tables that meet are one struct even when their fields come in another order: the struct
// declares them in the first table's order, and a table that lists them otherwise is written in
// that order when its values only compute (here a pure function of the file and literals). A
// field no table gives is nil in every record, as Lua reads it: an optional typed by its use. A
// field the code tests is optional, though every table gives it.

import UIKit

struct Plan {
    let onTop: Bool
    let to: State
    let from: State
}

struct State {
    let offset: CGPoint?
    var shadow: Bool?
    var scale: CGFloat?
}

@MainActor
func edge(_ width: CGFloat) -> CGPoint {
    return CGPoint(x: width, y: 0)
}

@MainActor
func recipe(_ presenting: Bool, _ width: CGFloat) -> Plan {
    if presenting {
        return Plan(onTop: true,
            to: State(offset: edge(width), shadow: true),
            from: State(offset: edge(-width / 3)))
    }
    return Plan(onTop: false,
        to: State(offset: edge(-width / 3)),
        from: State(offset: edge(width), shadow: true))
}

final class Push: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.35
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let fromView = ctx.view(forKey: .from)!
        let toView = ctx.view(forKey: .to)!
        let plan = recipe(ctx.isAnimated, ctx.containerView.bounds.size.width)
        if plan.onTop {
            ctx.containerView.addSubview(toView)
        }
        place(toView, plan.to)
        place(fromView, plan.from)
        ctx.completeTransition(true)
    }
}

@MainActor
func place(_ view: UIView, _ state: State) {
    if state.offset != nil {
        view.transform = CGAffineTransform(translationX: state.offset!.x, y: state.offset!.y)
    }
    if state.scale != nil {
        view.transform = view.transform.scaledBy(x: state.scale!, y: state.scale!)
    }
}
