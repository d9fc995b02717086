variable "v" {
  type    = string
  default = "alpha"
}
variable "s" {
  type      = string
  default   = "sec"
  sensitive = true
}
resource "terraform_data" "a" {
  input = var.v
}
resource "terraform_data" "b" {
  count            = 2
  input            = { x = terraform_data.a.output, n = count.index }
  triggers_replace = [var.s]
}
output "o" {
  value = terraform_data.a.output
}
output "sec" {
  value     = var.s
  sensitive = true
}
