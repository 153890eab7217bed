// Transit counts positions from 1, as Lua lists do, and UIKit from 0: insertSubview(v, 1) is
// at: 0, a computed index is one less, a 1-based property is read one more, and moved by a
// step it moves by the same step.

import UIKit

final class Tabs: NSObject, UITabBarControllerDelegate {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        let view = tabBarController.view!
        view.insertSubview(UIView(), at: 0)
        let n = view.subviews.count
        view.insertSubview(UIView(), at: n - 1)
        view.layer.insertSublayer(CALayer(), at: UInt32(n))
        tabBarController.selectedIndex = tabBarController.selectedIndex - 1
        return tabBarController.selectedIndex + 1 < 3
    }
}
