locals {
  a = <<EOT
  keep   this
	tabs too   
EOT
    bb = <<-EOT
      indented ${var.x}
        more
      EOT
  c=1
}

output "o" {
value = <<EOF
${local.a}
EOF
}
