variable "replicas" {
  type    = number
  default = "many"
}

resource "terraform_data" "a" {
  input = var.replicas
}

output "o" {
  value = terraform_data.a.outputs
}
