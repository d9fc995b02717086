locals {
  a = "%{ if var.x }yes%{ else }no%{ endif }"
  b = "${ {a=1} }"
  c = <<EOT
%{ for x in var.l ~}
  item ${ x }
%{ endfor ~}
EOT
  d = "$${literal} and %%{ literal }"
  e = "${var.a}${var.b}"
}
