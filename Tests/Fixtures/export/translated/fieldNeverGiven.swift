// A record's field that no table gives and nothing assigns is nil in every record: a branch
// testing it never runs, in Lua as in the app. A colour's alpha is its CGColor's.

import UIKit

struct State {
    let fade: Bool
}

@MainActor
func stateOf(_ view: UIView) -> State {
    let background = view.backgroundColor
    return State(fade: background == nil || background!.cgColor.alpha < 1)
}

@MainActor
func apply(_ view: UIView, _ state: State) {
    // Lua tests state.scale, which no table of the record gives and nothing assigns (nil in every one): this branch never runs.
    view.alpha = state.fade ? 0 : 1
}

final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .from)!
        apply(view, stateOf(view))
        ctx.completeTransition(true)
    }
}
