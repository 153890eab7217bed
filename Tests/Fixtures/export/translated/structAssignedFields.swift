// A field of a record may be assigned on the local the table was made into, before the record is
// passed on: the struct's field is a var, optional when the table leaves it out; a table stored
// in a field is a struct named after the field.

import UIKit

struct Part {
    let view: UIView
    var dimming: UIView?
    var saved: Saved?
}

struct Saved {
    let alpha: CGFloat
    let hidden: Bool
}

@MainActor
func prepare(_ view: UIView, _ dimmed: Bool) -> Part {
    var part = Part(view: view)
    if dimmed {
        part.dimming = {
            let instance = UIView(frame: view.bounds)
            instance.alpha = 0
            return instance
        }()
        part.saved = Saved(alpha: view.alpha, hidden: view.isHidden)
    }
    return part
}

final class Dim: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.25
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let part = prepare(toView, true)
        if part.dimming != nil {
            toView.addSubview(part.dimming!)
        }
        UIView.animate(withDuration: self.transitionDuration(using: ctx), animations: {
            if part.dimming != nil {
                part.dimming!.alpha = 0.4
            }
        }, completion: { finished in
            if part.saved != nil {
                toView.alpha = part.saved!.alpha
            }
            ctx.completeTransition(true)
        })
    }
}
