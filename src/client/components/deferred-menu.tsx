import { type ComponentProps, type ComponentType, useEffect, useState } from 'react'
import { whenIdle } from '#client/lib/when-idle.ts'

/** What a deferred menu is given: open at once, for the press that loaded it. */
export type DeferredMenuProps = { defaultOpen?: boolean }

type TriggerButton = ComponentType<ComponentProps<'button'>>

/**
 * A menu whose code is not part of the first paint (docs/performance.md "First load"): the
 * Radix menu and its positioning are most of the signed-in shell's script. Until that code is
 * here, `Trigger` stands in for the menu's button, looking and reading the same; the code loads
 * once the browser is idle, so sign-out works offline later, or at the first press, which then
 * opens the menu. A page that mounts after the code has loaded gets the real menu at once, so
 * the button never changes under a pointer mid-press.
 */
export function deferredMenu(
  load: () => Promise<ComponentType<DeferredMenuProps>>,
  Trigger: TriggerButton,
): ComponentType {
  let loaded: ComponentType<DeferredMenuProps> | null = null
  let loading: Promise<ComponentType<DeferredMenuProps>> | null = null
  function loadMenu() {
    loading ??= load().then(
      (menu) => {
        loaded = menu
        return menu
      },
      (error: unknown) => {
        // Offline on a device that never fetched it: the next press tries again.
        loading = null
        throw error
      },
    )
    return loading
  }
  const warn = (error: unknown) => console.warn('A menu could not be loaded', error)

  return function DeferredMenu() {
    const [Menu, setMenu] = useState(() => loaded)
    const [openAtOnce, setOpenAtOnce] = useState(false)
    useEffect(() => {
      if (Menu) return
      return whenIdle(() => {
        loadMenu().catch(warn)
      })
    }, [Menu])
    if (Menu) return <Menu defaultOpen={openAtOnce} />
    return (
      <Trigger
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => {
          loadMenu().then((menu) => {
            setOpenAtOnce(true)
            setMenu(() => menu)
          }, warn)
        }}
      />
    )
  }
}
