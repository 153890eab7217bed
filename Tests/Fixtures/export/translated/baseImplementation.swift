// UIPresentationController.presentedView(self) runs UIKit's implementation, which Swift calls
// super.presentedView.

import UIKit

final class Wrapped: UIPresentationController {
    var wrapper: UIView!

    override var presentedView: UIView? {
        return self.wrapper
    }

    override func presentationTransitionWillBegin() {
        let content = super.presentedView!
        let wrapper = UIView(frame: content.frame)
        self.wrapper = wrapper
        wrapper.addSubview(content)
        self.containerView!.addSubview(wrapper)
    }
}
