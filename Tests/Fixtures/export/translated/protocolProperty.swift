// A property the protocol UIKit types a value as requires: UIContentContainer's preferredContentSize.

import UIKit

final class Sized: UIPresentationController {
    override func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        if container === self.presentedViewController {
            return container.preferredContentSize
        }
        return parentSize
    }
}
