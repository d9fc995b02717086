variable "token" {
  type      = string
  ephemeral = true
}

variable "plain" {
  type    = string
  default = "p"
}

output "token" {
  value     = "m-${var.token}"
  ephemeral = true
}

output "plain" {
  value = var.plain
}
