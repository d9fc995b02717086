variable "input" {
  type    = string
  default = "nested"
}

module "inner" {
  source = "../wrap"
  input  = upper(var.input)
}

output "output" {
  value = module.inner.output
}

output "id" {
  value = module.inner.id
}
