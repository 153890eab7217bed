// A parameter a call leaves out and the function defaults first (`insets = insets or {}`): an
// optional parameter, shadowed by a local; the other call's table types it, and a field no table
// gives reads nil (its `or` default).

import UIKit

let TOP: Double = 0

struct Insets {
    var top: Double?
    var left: CGFloat?
}

@MainActor
func edges(_ view: UIView, _ to: UIView, _ insets: Insets? = nil) {
    let insets = insets ?? Insets()
    NSLayoutConstraint.activate([
        view.leftAnchor.constraint(equalTo: to.leftAnchor, constant: insets.left ?? 0),
        view.topAnchor.constraint(equalTo: to.topAnchor, constant: CGFloat(insets.top ?? 0)),
    ])
}

final class Card: UIPresentationController {
    override func presentationTransitionWillBegin() {
        let container = self.containerView!
        let view = self.presentedViewController.view!
        edges(view, container)
        edges(view, container, Insets(top: TOP))
    }
}
