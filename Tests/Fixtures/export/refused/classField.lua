local Anim = NSObject:subclass("Anim")
Anim.TypePresent = 1

return Anim
