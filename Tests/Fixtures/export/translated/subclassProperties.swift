// A Lua class's X.new{ ... } makes it with the initialiser it inherits and sets the properties the
// table names; a UIColor given to a layer's colour is its cgColor.

import UIKit

final class Card: UIViewController {
    override func viewDidLoad() {
        self.view.backgroundColor = UIColor(white: 0.8, alpha: 0.3)
        self.view.layer.borderColor = UIColor.darkGray.cgColor
    }
}

final class Reveal: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let card = {
            let instance = Card()
            instance.title = "Card"
            return instance
        }()
        ctx.containerView.addSubview(card.view)
        ctx.completeTransition(true)
    }
}
